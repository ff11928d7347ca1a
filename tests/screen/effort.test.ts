// /effort in the REPL, read back from a real terminal: the level is confirmed on screen, the next
// request carries it, and it is saved as effortLevel in the user's settings, the default for new
// sessions (as Claude Code 2.1.332 saves it). /effort alone opens a picker of the levels, the one
// in use marked, as the reference does: arrows and Enter set a level, Esc keeps it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, openRepl, pressUntil, submit, TURN_END } from './scenario.js';

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

    await pressUntil(session, '\u001B[A', /❯ max\s/, /❯ auto\s/);
    await pressUntil(session, '\u001B[A', /❯ xhigh\s/, /❯ max\s/);
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
    await pressUntil(session, '\u001B', /Kept effort xhigh\./, PICKER);
    await session.waitForText(EMPTY_PROMPT);
    expect(session.screen().join('\n')).not.toMatch(PICKER);
  });
});
