// Esc in the middle of an answer: what was on screen stays on screen and in the conversation,
// marked as interrupted, and the model sees it with the next prompt as a separate block.
import { expect, it } from 'vitest';
import { gate, openRepl, submit, TURN_END } from './scenario.js';

const SHOWN = 'The first paragraph arrived whole before the key was pressed.';

it('keeps the partial answer in the conversation after Esc, marked as interrupted', async () => {
  const held = gate();
  const { session, mock } = await openRepl(
    [
      {
        content: [
          { type: 'thinking', thinking: 'Plan the two paragraphs.', signature: 'sig-interrupt' },
          { type: 'text', text: `${SHOWN}\n\nThe second paragraph never came.` },
        ],
        chunkSize: 16,
        // message_start, the thinking block (start, two deltas, signature, stop), the text's start
        // and its first paragraph; then nothing until the test is done.
        holds: [{ afterEvents: 7 + Math.ceil((SHOWN.length + 2) / 16), until: held.until }],
      },
      { content: [{ type: 'text', text: 'Carrying on.' }] },
    ],
    80,
  );
  await submit(session, 'write two paragraphs');
  await session.waitForText(SHOWN);
  session.write('\u001B');
  await session.waitForText(/Interrupted/);
  await session.waitForText(TURN_END);
  await submit(session, 'go on');
  await session.waitForText('Carrying on.');
  held.open();

  expect(session.lines().filter((line) => line.includes(SHOWN))).toHaveLength(1);
  const messages = (mock.requests[1]?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const [prompt, answer, next] = messages;
  expect(messages).toHaveLength(3);
  expect(prompt?.role).toBe('user');
  expect(answer?.role).toBe('assistant');
  const blocks = answer?.content as Array<{ type: string; text?: string }>;
  expect(blocks.map((block) => block.type)).toEqual(['thinking', 'text']);
  expect(blocks[1]?.text).toContain(SHOWN);
  expect(blocks[1]?.text).not.toContain('never came');
  expect(next?.role).toBe('user');
  const texts = (next?.content as Array<{ type: string; text: string }>).map((block) => block.text);
  expect(texts).toEqual(['[Request interrupted by user]', 'go on']);
});
