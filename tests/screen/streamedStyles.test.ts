// A paragraph whose styling changes while it streams, read back from a terminal emulator with
// its cells' styles: bold opened in one chunk and closed in a later one, a code block opened and
// closed, a table growing. Held at each such point, the unfinished line on screen is drawn as a
// fresh session draws the same text received whole (its open markers closed), styles and wrapping
// included; a row left over from an earlier frame of the line (the live answer's rows are kept
// between frames, src/ui/runner/answerView.ts) shows as a difference. The final screen equals a
// fresh render of the whole answer.
import { describe, expect, it } from 'vitest';
import { gate, openRepl, region, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const INTRO = 'Here is how the client copes with a flaky network.\n\n';
const PARAGRAPH = 'The client wraps every request in a **retry loop that backs off** so that many clients do not retry at once.\n\n';
const CODE = '```ts\nconst delay = backoff(attempt);\nconst next = delay * 2;\n```\n\n';
const TABLE = '| city | note |\n| --- | --- |\n| Paris | plain |\n| 東京 | wide |\n\n';
const ANSWER = `${INTRO}${PARAGRAPH}${CODE}${TABLE}Closing words.`;

/** Where the stream stops, and the answer a fresh session must draw the same way at that point. */
const STOPS: Array<{ what: string; at: string; drawnAs: string }> = [
  { what: 'bold opened', at: 'in a **retry loop th', drawnAs: `${INTRO}The client wraps every request in a **retry loop th**` },
  { what: 'bold closed later in the line', at: 'backs off** so that many cl', drawnAs: `${INTRO}${PARAGRAPH.slice(0, PARAGRAPH.indexOf('many cl') + 'many cl'.length)}` },
  { what: 'inside the code block', at: 'const next = del', drawnAs: `${INTRO}${PARAGRAPH}\`\`\`ts\nconst delay = backoff(attempt);\nconst next = del\n\`\`\`` },
];
const PROMPT = 'explain the retries';
/** The spinner's line (at 40 columns its hint wraps onto the next row). */
const SPINNER = /… \(\d+s/;
/** One character a delta: the events before a stop are the message and block starts and its text. */
const eventsBefore = (text: string): number => 2 + ANSWER.indexOf(text) + text.length;

/** The answer's rows on screen, with their styles: from under the prompt to the spinner or summary. */
function answerRows(session: ScreenSession): string[] {
  const plain = session.screen();
  const styled = session.styledScreen();
  const start = plain.findIndex((row) => row.startsWith(`> ${PROMPT}`));
  const end = plain.findIndex((row, index) => index > start && (TURN_END.test(row) || SPINNER.test(row)));
  if (start < 0 || end < 0) return [];
  let last = end;
  while (last > start + 1 && plain[last - 1] === '') last--;
  return styled.slice(start + 1, last);
}

async function answeredWhole(cols: number, text: string): Promise<string[]> {
  const { session } = await openRepl([{ content: [{ type: 'text', text }], chunkSize: text.length }], cols, 40);
  await submit(session, PROMPT);
  await session.waitForText(TURN_END);
  return answerRows(session);
}

describe.each([40, 80, 120])('an answer whose styling changes mid-line, at %i columns', (cols) => {
  it('draws each unfinished line as a fresh render of the text so far, and ends as a fresh render', async () => {
    const [whole, ...expected] = await Promise.all([answeredWhole(cols, ANSWER), ...STOPS.map((stop) => answeredWhole(cols, stop.drawnAs))]);
    const gates = STOPS.map(() => gate());
    const table = gate();
    const reached: Array<() => void> = [];
    const arrivals = [...STOPS.map((stop) => stop.at), '| 東'].map((at) => new Promise<void>((resolve) => reached.push(resolve)).then(() => at));
    const { session } = await openRepl(
      [
        {
          content: [{ type: 'text', text: ANSWER }],
          chunkSize: 1,
          holds: [
            ...STOPS.map((stop, index) => ({ afterEvents: eventsBefore(stop.at), until: gates[index]?.until ?? Promise.resolve(), reached: reached[index] })),
            { afterEvents: eventsBefore('| 東'), until: table.until, reached: reached[STOPS.length] },
          ],
        },
      ],
      cols,
      40,
    );
    await submit(session, PROMPT);

    for (const [index, stop] of STOPS.entries()) {
      await arrivals[index];
      await session
        .waitFor((s) => JSON.stringify(answerRows(s)) === JSON.stringify(expected[index]), `the live line ${stop.what}`, 5_000)
        .catch(() => expect(answerRows(session), stop.what).toEqual(expected[index]));
      gates[index]?.open();
    }
    // The table is held back until it ends; its rows so far show as written.
    await arrivals[STOPS.length];
    await session.waitForText('| Paris | plain |');
    expect(session.screen().some((row) => row.includes('┌'))).toBe(false);
    table.open();

    await session.waitForText(TURN_END);
    expect(answerRows(session)).toEqual(whole);
    expect(region(session.lines(), `> ${PROMPT}`, TURN_END).filter((line) => line.includes('Closing words'))).toHaveLength(1);
  });
});
