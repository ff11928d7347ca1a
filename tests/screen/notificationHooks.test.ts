// A Notification hook in the REPL, through a real terminal: a permission question left open for
// 6 seconds runs it with notification_type "permission_prompt", as Claude Code 2.1.332's timer
// does; answering goes on as usual. (The 60-second idle reminder is covered with fake timers in
// tests/unit/ui/notificationWatch.test.ts.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRepl, submit, TURN_END } from './scenario.js';

describe('Notification hooks in the REPL', () => {
  it('tells the hook when a permission question has waited 6 seconds', async () => {
    const settings = { hooks: { Notification: [{ matcher: 'permission_prompt', hooks: [{ type: 'command', command: 'cat > "$CLAUDE_PROJECT_DIR/notified.json"' }] }] } };
    const { session, world } = await openRepl(
      [
        { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'touch made.txt' } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
      100,
      30,
      ['--settings', JSON.stringify(settings)],
    );
    const notified = join(world.repo, 'notified.json');
    await submit(session, 'make the file');
    await session.waitForText('Yes');
    await session.waitFor(() => existsSync(notified) && readFileSync(notified, 'utf8').endsWith('}'), 'the Notification hook to run', 20_000);
    expect(JSON.parse(readFileSync(notified, 'utf8'))).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'permission_prompt',
      message: 'Pulse needs your permission to use Bash',
    });
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(existsSync(join(world.repo, 'made.txt'))).toBe(true);
  });
});
