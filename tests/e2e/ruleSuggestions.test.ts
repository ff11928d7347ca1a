// "Don't ask again" through the official Agent SDK and the built Pulse: the host accepts the
// suggestion Pulse sends with can_use_tool, Pulse saves it to .claude/settings.local.json, the same
// command then runs without asking (in this session and the next), a variant still asks, a heredoc
// write comes with no suggestion and is asked each time, and a deny rule beats the saved allow.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CanUseTool, PermissionUpdate } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { scenario } from './harness.js';
import { resultsOf, runSdkQuery } from './sdkHarness.js';

const bash = (id: string, command: string): MockTurn => ({ content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] });
const HEREDOC = "cat > notes.txt <<'EOF'\nhello\nEOF";

type Asked = { command: string; suggestions: PermissionUpdate[] | undefined };

/** A host that takes every suggestion it is offered, and refuses commands writing other.txt. */
function acceptingHost(asked: Asked[]): CanUseTool {
  return async (_toolName, input, { suggestions }) => {
    const command = String(input.command);
    asked.push({ command, suggestions });
    if (command.includes('other.txt')) return { behavior: 'deny', message: 'not that file' };
    return { behavior: 'allow', updatedInput: input, ...(suggestions ? { updatedPermissions: suggestions } : {}) };
  };
}

describe('"don\'t ask again" through the SDK', () => {
  it('saves the offered rule, which lets the same command through and nothing else', async () => {
    const s = await scenario([
      bash('toolu_1', 'echo hi > out.txt'),
      bash('toolu_2', 'echo hi > out.txt'),
      bash('toolu_3', 'echo hi > other.txt'),
      bash('toolu_4', HEREDOC),
      bash('toolu_5', HEREDOC),
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const asked: Asked[] = [];
    const run = await runSdkQuery(s, 'write the files', { canUseTool: acceptingHost(asked) });
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success' });
    expect(asked.map((entry) => entry.command)).toEqual(['echo hi > out.txt', 'echo hi > other.txt', HEREDOC, HEREDOC]);
    expect(asked[0]?.suggestions).toEqual([
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'echo hi > out.txt' }], behavior: 'allow', destination: 'localSettings' },
    ]);
    // A heredoc's text is part of what was approved: nothing is offered to remember.
    expect(asked[2]?.suggestions ?? []).toEqual([]);
    expect(existsSync(join(s.world.repo, 'other.txt'))).toBe(false);
    expect(readFileSync(join(s.world.repo, 'notes.txt'), 'utf8')).toBe('hello\n');
    const local = JSON.parse(readFileSync(join(s.world.repo, '.claude', 'settings.local.json'), 'utf8'));
    expect(local.permissions.allow).toEqual(['Bash(echo hi > out.txt)']);

    // The next session reads the saved rule; a deny rule in the project's settings beats it.
    s.mock.push(bash('toolu_6', 'echo hi > out.txt'), { content: [{ type: 'text', text: 'again' }] });
    const next: Asked[] = [];
    await runSdkQuery(s, 'once more', { canUseTool: acceptingHost(next) });
    expect(next).toEqual([]);
    await mkdir(join(s.world.repo, '.claude'), { recursive: true });
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Bash(echo hi:*)'] } }));
    s.mock.push(bash('toolu_7', 'echo hi > out.txt'), { content: [{ type: 'text', text: 'refused' }] });
    const denied: Asked[] = [];
    const last = await runSdkQuery(s, 'and again', { canUseTool: acceptingHost(denied) });
    expect(denied).toEqual([]);
    expect(JSON.stringify(s.mock.requests.at(-1)?.body.messages)).toContain('denied by rule Bash(echo hi:*)');
    expect(resultsOf(last.messages)[0]).toMatchObject({ subtype: 'success' });
  });
});
