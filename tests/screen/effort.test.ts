// /effort in the REPL, read back from a real terminal: the level is confirmed on screen, the next
// request carries it, and it is saved as effortLevel in the user's settings, the default for new
// sessions (as Claude Code 2.1.332 saves it). /effort alone opens a picker of the levels, the one
// in use marked, as the reference does: arrows and Enter set a level, Esc keeps it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, openRepl, submit, TURN_END } from './scenario.js';

const PICKER = /Choose the model's effort level/;

describe('/effort in the REPL', () => {
  it('sets the level for the next request and saves it as the default for new sessions', async () => {
    const { session, mock, world } = await openRepl([{ content: [{ type: 'text', text: 'noted' }] }], 100);
    await submit(session, '/effort xhigh');
    await session.waitForText('Effort set to xhigh from the next message; saved as your default in');
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    expect(mock.requests[0]?.body.output_config).toEqual({ effort: 'xhigh' });
    const saved = JSON.parse(readFileSync(join(world.home, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(saved.effortLevel).toBe('xhigh');
  });

  it('alone, opens a picker: the level in use marked, arrows and Enter set one, Esc keeps it', async () => {
    const { session, mock } = await openRepl([{ content: [{ type: 'text', text: 'noted' }] }], 100);
    await submit(session, '/effort');
    await session.waitForText(PICKER);
    const picker = session.screen();
    for (const level of ['low', 'medium', 'high', 'xhigh', 'max', 'auto']) expect(picker.some((line) => new RegExp(`^│\\s+(❯ )?${level}\\s`).test(line))).toBe(true);
    const inUse = picker.filter((line) => line.includes('✔ in use'));
    expect(inUse).toHaveLength(1);
    expect(inUse[0]).toMatch(/❯ auto\s/);
    expect(picker.join('\n')).toMatch(/In use: auto \(the model's default; \S+ uses \w+\)/);

    // Each key is pressed once, as soon as what it is for is on screen: keys go to what the screen
    // shows (scripts/packagePatches.mjs, inkInputWithTheFrame). Before that, under load, an Up sent
    // as the picker appeared reached the prompt it had replaced, which recalled "/effort" into the
    // draft: the prompt showed "> /effort" again after the choice.
    session.write('\u001B[A');
    await session.waitForText(/❯ max\s/);
    session.write('\u001B[A');
    await session.waitForText(/❯ xhigh\s/);
    session.write('\r');
    await session.waitForText('Effort set to xhigh from the next message; saved as your default in');
    await session.waitForText(EMPTY_PROMPT);
    expect(session.screen().join('\n')).not.toMatch(PICKER);
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    expect(mock.requests[0]?.body.output_config).toEqual({ effort: 'xhigh' });

    await submit(session, '/effort');
    await session.waitForText(PICKER);
    expect(session.screen().find((line) => line.includes('✔ in use'))).toMatch(/❯ xhigh\s/);
    session.write('\u001B');
    await session.waitForText(/Kept effort xhigh\./);
    await session.waitForText(EMPTY_PROMPT);
    expect(session.screen().join('\n')).not.toMatch(PICKER);
  });
});
