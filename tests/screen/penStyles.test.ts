// Styled text through the writer against a terminal emulator: the REPL's renditions (bold, dim,
// italic, inverse, the answer's inline code, a code block's highlight colours, 256 colours and
// truecolour, a background) opened and closed in each way its producers write them — the
// markdown's own close codes, chalk's, a full reset, a span open across the end of a wrapped
// row — streamed at several widths into the answer's live slot above a cyan spinner and a prompt
// box with an inverse cursor, finished paragraphs printed above. After every frame each cell of
// the screen and the scrollback has the character and rendition it has on a fresh draw of the
// same rows: a rendition the writer forgot to switch off would bleed onto the next row or into
// the prompt, one it forgot to switch on would leave text plain.
import { describe, expect, it } from 'vitest';
import { answerRows } from '../../src/ui/format/answerRows.js';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { SLOT_MARKERS } from '../../src/ui/terminal/liveSlots.js';
import { seededRandom } from '../../scripts/bench/seededRandom.mjs';
import { expectDrawnAsFresh, terminal } from './emulator.js';

const ESC = '\u001B[';

/** How the REPL's producers open and close a rendition (src/ui/markdown/ansi.ts, cli-highlight's chalk, Ink). */
const STYLES: Array<{ name: string; open: string; close: string }> = [
  { name: 'bold', open: '1', close: '22' },
  { name: 'dim', open: '2', close: '22' },
  { name: 'bold and dim', open: '1;2', close: '22' },
  { name: 'italic', open: '3', close: '23' },
  { name: 'inverse', open: '7', close: '27' },
  { name: 'inline code', open: '36', close: '39' },
  { name: 'keyword', open: '34', close: '39' },
  { name: 'string', open: '31', close: '39' },
  { name: 'number', open: '32', close: '39' },
  { name: 'title', open: '33', close: '39' },
  { name: 'comment', open: '90', close: '39' },
  { name: '256 colours', open: '38;5;208', close: '39' },
  { name: 'truecolour', open: '38;2;215;119;87', close: '39' },
  { name: 'background', open: '48;5;236', close: '49' },
  { name: 'bold cyan', open: '1;36', close: '22;39' },
  { name: 'closed by a reset', open: '1;3', close: '0' },
  { name: 'closed by a bare reset', open: '4;35', close: '' },
];

const WORDS = ['render', 'frame', 'a', 'cursor', 'token()', 'stream', '中文', 'café', 'x', '—', 'prompt', 'region'];

type Run = { text: string; style?: (typeof STYLES)[number] };

/** A paragraph of words in runs, some in a rendition kept over several words (and so across a wrap). */
function paragraph(next: () => number, words: number): Run[] {
  const runs: Run[] = [];
  for (let index = 0; index < words; index++) {
    const word = `${index === 0 ? '' : ' '}${WORDS[Math.floor(next() * WORDS.length)] ?? 'x'}`;
    const last = runs.at(-1);
    if (last && next() < 0.6) last.text += word;
    else runs.push({ text: word, style: next() < 0.5 ? STYLES[Math.floor(next() * STYLES.length)] : undefined });
  }
  return runs;
}

/**
 * The paragraph's first `characters` characters as a producer writes them: each run's
 * rendition opened before it and closed after it, even when the run is cut short.
 */
function rendered(runs: readonly Run[], characters: number): string {
  let out = '';
  let left = characters;
  for (const run of runs) {
    if (left <= 0) break;
    const text = Array.from(run.text).slice(0, left).join('');
    left -= Array.from(text).length;
    out += run.style ? `${ESC}${run.style.open}m${text}${ESC}${run.style.close}m` : text;
  }
  return out;
}

function lengthOf(runs: readonly Run[]): number {
  return runs.reduce((sum, run) => sum + Array.from(run.text).length, 0);
}

/** What Ink draws: the slots' markers, a prompt box with its cursor drawn inverse, a dim footer. */
function inkFrame(cols: number): string[] {
  const edge = `${ESC}90m${'─'.repeat(cols - 2)}${ESC}39m`;
  return [
    SLOT_MARKERS.answer,
    '',
    SLOT_MARKERS.spinner,
    '',
    `${ESC}90m╭${ESC}39m${edge}${ESC}90m╮${ESC}39m`,
    `│ > ${ESC}7m ${ESC}27m${' '.repeat(cols - 7)} │`,
    `${ESC}90m╰${ESC}39m${edge}${ESC}90m╯${ESC}39m`,
    `${ESC}2m / for commands${ESC}22m`,
  ];
}

function spinnerRow(tick: number): string {
  return `${ESC}36m${tick % 2 === 0 ? '·' : '•'} Working… (${tick}s · esc to interrupt)${ESC}39m`;
}

describe.each([40, 80, 120] as const)('styled text through the writer at %i columns', (cols) => {
  it('leaves every cell with the rendition of a fresh draw, the rows under it and the prompt untouched', async () => {
    const rows = 24;
    for (let seed = 1; seed <= 3; seed++) {
      const next = seededRandom(seed * 6151 + cols);
      const screen = terminal(cols, rows);
      const fresh = terminal(cols, rows);
      const log = new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
      const frame = inkFrame(cols);
      const printed: string[] = [];
      let live = '';
      let tick = 0;
      const liveRows = (): string[] => (live === '' ? [] : answerRows({ lines: [live], startsBlock: printed.length === 0 }, cols));
      log.setSlot('answer', liveRows);
      log.setSlot('spinner', () => [spinnerRow(tick)]);
      log.render(`${frame.join('\n')}\n`);
      let target = paragraph(next, 8 + Math.floor(next() * 40));
      let shown = 0;
      for (let step = 0; step < 50; step++) {
        // The paragraph grows by a few characters, cut anywhere (inside a styled run too), and
        // now and then finishes and is printed above.
        shown = Math.min(lengthOf(target), shown + 1 + Math.floor(next() * 30));
        live = rendered(target, shown);
        if (next() < 0.3) tick++;
        if (shown === lengthOf(target)) {
          const finished = answerRows({ lines: [live], startsBlock: printed.length === 0 }, cols);
          live = '';
          log.print(() => [...finished, '']);
          printed.push(...finished, '');
          target = paragraph(next, 8 + Math.floor(next() * 40));
          shown = 0;
        } else log.refresh();

        const expected = [...printed, ...liveRows(), frame[1] ?? '', spinnerRow(tick), ...frame.slice(3)];
        await expectDrawnAsFresh(screen, fresh, expected, `seed ${seed}, step ${step}, rows ${JSON.stringify(expected)}`);
      }
      screen.dispose();
      fresh.dispose();
    }
  });
});
