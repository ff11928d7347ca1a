// `/model` alone opens a picker: the models Pulse knows, the one in use marked; arrows and Enter
// switch (the next request goes to the new model), Esc keeps the current one and leaves nothing.
import { expect, it } from 'vitest';
import { resolveModel } from '../../src/api/models.js';
import { EMPTY_PROMPT, openRepl, submit, TURN_END } from './scenario.js';

const SONNET = resolveModel('sonnet');

it('switches the model with the arrow keys and Enter, and keeps it on Esc', async () => {
  const { session, mock } = await openRepl([{ content: [{ type: 'text', text: 'Sonnet here.' }] }], 100, 30, ['--model', 'opus']);
  await submit(session, '/model');
  await session.waitForText('Choose the model');
  const picker = session.screen();
  const inUse = picker.filter((line) => line.includes('✔ in use'));
  expect(inUse).toHaveLength(1);
  // --model opus is the default model's alias today, so the default's line is the one in use.
  expect(inUse[0]).toMatch(new RegExp(`❯ default\\s+${resolveModel('opus')}`));
  for (const model of ['sonnet', 'haiku', 'fable']) expect(picker.join('\n')).toContain(model);
  // Every known id is offered; ten rows show at a time.
  expect(picker.join('\n')).toMatch(/\(1 of (\d{2,})\)/);

  session.write('\u001B[B');
  await session.waitForText(/❯ sonnet\s/);
  session.write('\r');
  await session.waitForText(`Model set to ${SONNET}`);
  await session.waitForText(EMPTY_PROMPT);
  await submit(session, 'who answers?');
  await session.waitForText(TURN_END);
  expect(mock.requests[0]?.body.model).toBe(SONNET);

  await submit(session, '/model');
  await session.waitForText('Choose the model');
  expect(session.screen().find((line) => line.includes('✔ in use'))).toMatch(/❯ sonnet\s/);
  session.write('\u001B');
  await session.waitForText(new RegExp(`Kept ${SONNET}\\.`));
  await session.waitForText(EMPTY_PROMPT);
  expect(session.lines().join('\n')).not.toContain('Choose the model');
});
