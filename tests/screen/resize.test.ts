// Resizing the terminal while an answer streams: the terminal reflows what is already in the
// scrollback, Pulse redraws the rest, and every line of the answer is there exactly once.
import { expect, it } from 'vitest';
import { FOOTER, gate, openRepl, region, resizeAndRedraw, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const PARAGRAPHS = Array.from(
  { length: 8 },
  (_, index) => `Paragraph ${index + 1} explains one more **detail** of the \`resize\` handling, with enough words to wrap twice at sixty columns and once at a hundred.`,
);
const ANSWER = `${PARAGRAPHS.join('\n\n')}\n`;
const CHUNK = 8;
const PROMPT = 'describe resizing';

/** The answer's text as one run of words, whatever the widths it was drawn at. */
function words(session: ScreenSession): string {
  return region(session.lines(), `> ${PROMPT}`, TURN_END).join(' ').replace(/[●\s]+/g, ' ').trim();
}

it.each([
  [100, 60, 130],
  [80, 40, 120],
])('keeps every line once when resized %i → %i → %i mid-stream', async (first, second, third) => {
  const narrow = gate();
  const wide = gate();
  // Three paragraphs arrive, the terminal narrows; three more, it widens; then the rest.
  const deltasBefore = (paragraphs: number): number => Math.ceil(PARAGRAPHS.slice(0, paragraphs).join('\n\n').length / CHUNK);
  const { session } = await openRepl(
    [
      {
        content: [{ type: 'text', text: ANSWER }],
        chunkSize: CHUNK,
        holds: [
          { afterEvents: 2 + deltasBefore(3), until: narrow.until },
          { afterEvents: 2 + deltasBefore(6), until: wide.until },
        ],
      },
    ],
    first,
  );
  await submit(session, PROMPT);
  await session.waitForText('Paragraph 3');
  await resizeAndRedraw(session, second);
  narrow.open();
  await session.waitForText('Paragraph 6');
  await resizeAndRedraw(session, third);
  wide.open();
  await session.waitForText(TURN_END);

  const expected = `> ${PROMPT} ${PARAGRAPHS.map((text) => text.replace(/\*\*|`/g, '')).join(' ')}`;
  expect(words(session)).toBe(expected);
  const lines = session.lines();
  expect(lines.filter((line) => FOOTER.test(line))).toHaveLength(1);
  expect(lines.filter((line) => line.startsWith('╭'))).toHaveLength(2);
});
