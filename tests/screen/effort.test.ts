// /effort in the REPL, read back from a real terminal: the level is confirmed on screen, the next
// request carries it, and it is saved as effortLevel in the user's settings, the default for new
// sessions (as Claude Code 2.1.332 saves it); /effort alone shows the current level.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRepl, submit, TURN_END } from './scenario.js';

describe('/effort in the REPL', () => {
  it('sets the level for the next request and saves it as the default for new sessions', async () => {
    const { session, mock, world } = await openRepl([{ content: [{ type: 'text', text: 'noted' }] }], 100);
    await submit(session, '/effort xhigh');
    await session.waitForText('Effort set to xhigh from the next message; saved as your default in');
    await submit(session, '/effort');
    await session.waitForText('Effort: xhigh.');
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    expect(mock.requests[0]?.body.output_config).toEqual({ effort: 'xhigh' });
    const saved = JSON.parse(readFileSync(join(world.home, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(saved.effortLevel).toBe('xhigh');
  });
});
