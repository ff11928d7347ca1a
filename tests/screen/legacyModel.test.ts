// A legacy model id in the REPL, read back from a real terminal: the start-up notice says it is
// sent to the latest Opus, and the first request asks for it (Claude Code 2.1.332 does the same).
import { describe, expect, it } from 'vitest';
import { openRepl, submit, TURN_END } from './scenario.js';

describe('a legacy model id in the REPL', () => {
  it('warns once at start-up and asks the latest Opus', async () => {
    const { session, mock } = await openRepl([{ content: [{ type: 'text', text: 'noted' }] }], 160, 30, ['--model', 'claude-opus-4-1']);
    await session.waitForText('claude-opus-4-1 is no longer served');
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    expect(mock.requests[0]?.body.model).toBe('claude-opus-5-5');
    expect(session.lines().join('\n').split('is no longer served')).toHaveLength(2);
  });
});
