// The streaming answer as the REPL draws it: by the writer alone (live slots), Ink's frame drawn
// once with the slots' markers in it and never again. Against a terminal emulator, at several
// widths, with wide characters and styled words: after every streamed frame the screen and the
// scrollback look, cell for cell, as a fresh draw of the lines finished so far, the unfinished
// rest and the live area under them; a spinner ticking between frames moves nothing else; the
// rows are the ones Ink lays out for the same lines; and the finished answer reads as a fresh
// render of the whole text.
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import { AnswerLines } from '../../src/ui/components/TranscriptRow.js';
import { answerRows } from '../../src/ui/format/answerRows.js';
import { stripAnsi } from '../../src/ui/markdown/ansi.js';
import { MarkdownLineStream, renderAnswer } from '../../src/ui/markdown/lineStream.js';
import { FramePacer } from '../../src/ui/runner/framePacer.js';
import { TurnPresenter } from '../../src/ui/runner/turnPresenter.js';
import logUpdate, { liveWriter } from '../../src/ui/terminal/inkLog.js';
import { SLOT_MARKERS } from '../../src/ui/terminal/liveSlots.js';
import { seededRandom } from '../../scripts/bench/seededRandom.mjs';
import { messageStart, textBlockStart, textDelta } from '../ui/loopEvents.js';
import { expectDrawnAsFresh, terminal, written } from './emulator.js';

const ANSWER = [
  '## Widths: 中文 and 👍',
  '',
  'A paragraph with **bold words**, `inline code`, 中文字符 in the middle, café, and an emoji 👍 too, long enough to wrap more than once at forty columns and at eighty as well, and then some more words.',
  '',
  '- a list item with `code` and 漢字, wrapping under its own text when the terminal is narrow enough',
  '- a short one',
  '',
  '| name | 名前 |',
  '|---|---|',
  '| café | 東京 |',
  '| 👍 | ok |',
  '',
  '```ts',
  'const greeting = "中文";',
  '```',
  '',
  'The last line, *slanted* at the end.',
].join('\n');

/** What Ink draws under the answer: the spinner's marker and a prompt box. */
function inkFrame(cols: number): string[] {
  const edge = '─'.repeat(cols - 2);
  return [SLOT_MARKERS.answer, '', SLOT_MARKERS.spinner, '', `╭${edge}╮`, `│ > ${' '.repeat(cols - 6)} │`, `╰${edge}╯`];
}

/** Draws every time at once: the test decides when a frame is due. */
class EveryChunk extends FramePacer {
  override nextInterval(): number {
    return 1;
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const columnsBefore = Object.getOwnPropertyDescriptor(process.stdout, 'columns');

afterEach(() => {
  if (columnsBefore) Object.defineProperty(process.stdout, 'columns', columnsBefore);
  else Reflect.deleteProperty(process.stdout, 'columns');
});

describe.each([40, 80, 120] as const)('the answer drawn by the writer alone at %i columns', (cols) => {
  it('looks after every frame as a fresh draw of what is finished and what is live', async () => {
    // The answer is laid out for the terminal's width, as the REPL's is.
    Object.defineProperty(process.stdout, 'columns', { value: cols, configurable: true, writable: true });
    const rows = 30;
    const screen = terminal(cols, rows);
    const fresh = terminal(cols, rows);
    const log = logUpdate.create({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
    const frame = inkFrame(cols);
    log(`${frame.join('\n')}\n`);
    const writer = liveWriter();
    expect(writer, 'the writer is the REPL’s').toBeDefined();
    let seconds = 0;
    writer?.setSlot('spinner', () => [`· Working… (${seconds}s)`]);

    const presenter = new TurnPresenter(createReplStore(), [], new EveryChunk());
    // The same text through a stream of its own says what should be finished and live.
    const oracle = new MarkdownLineStream(() => cols - 2);
    const finished: string[] = [];
    const next = seededRandom(cols);
    presenter.handle(messageStart());
    presenter.handle(textBlockStart());
    // Deltas of whole characters, as the API sends them.
    const characters = Array.from(ANSWER);
    for (let at = 0; at < characters.length; ) {
      const chunk = characters.slice(at, at + 1 + Math.floor(next() * 24)).join('');
      at += Array.from(chunk).length;
      presenter.handle(textDelta(chunk));
      finished.push(...oracle.push(chunk));
      await pause(5);
      if (next() < 0.3) {
        seconds++;
        writer?.refresh();
      }
      const live = answerRows({ lines: oracle.preview(), startsBlock: finished.length === 0 }, cols);
      const spinner = [`· Working… (${seconds}s)`];
      const expected = [...answerRows({ lines: finished, startsBlock: true }, cols), ...live, ...frame.slice(1, 2), ...spinner, ...frame.slice(3)];
      await expectDrawnAsFresh(screen, fresh, expected, `after ${at} characters:`);
    }
    presenter.close();
    await written(screen, '');

    // Finished, the answer is the whole text rendered at once, beside the gutter Ink lays out.
    const whole = renderAnswer(ANSWER, () => cols - 2);
    const view = render(createElement(AnswerLines, { lines: whole, startsBlock: true }));
    // ink-testing-library's stdout has a fixed width; a real terminal's changes and says so.
    Object.defineProperty(view.stdout, 'columns', { get: () => cols, configurable: true });
    view.stdout.emit('resize');
    await pause(20);
    const inkRows = stripAnsi(view.lastFrame() ?? '').split('\n');
    view.unmount();
    const answerText = answerRows({ lines: whole, startsBlock: true }, cols).map(stripAnsi);
    expect(answerText).toEqual(inkRows);
    const buffer = screen.buffer.active;
    const text = Array.from({ length: buffer.length }, (_, y) => buffer.getLine(y)?.translateToString(true) ?? '');
    expect(text.slice(0, answerText.length)).toEqual(answerText);
    log.done();
    screen.dispose();
    fresh.dispose();
  });
});
