// /output-style in the REPL, read back from a real terminal: it lists the styles, a choice is
// confirmed on screen, saved in .claude/settings.local.json, and the next request carries it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRepl, submit, TURN_END } from './scenario.js';

describe('/output-style in the REPL', () => {
  it('lists the styles, switches to one for the next request and saves it for the project', async () => {
    const { session, mock, world } = await openRepl([{ content: [{ type: 'text', text: 'noted' }] }], 100);
    await submit(session, '/output-style');
    await session.waitForText('Pick one with /output-style <style>.');
    expect(session.lines().join('\n')).toContain('- default (current): ');
    expect(session.lines().join('\n')).toContain('- Learning: ');
    await submit(session, '/output-style learning');
    await session.waitForText('Output style set to Learning');
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    const system = (mock.requests[0]?.body.system as Array<{ text: string }>).map((block) => block.text).join('\n');
    expect(system).toContain('# Output style: Learning');
    expect(system).toContain('TODO(human)');
    const saved = JSON.parse(readFileSync(join(world.repo, '.claude', 'settings.local.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({ outputStyle: 'Learning' });
  });
});
