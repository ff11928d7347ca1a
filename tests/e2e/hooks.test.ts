// Hooks, denials and plan mode through the built CLI: settings files people already have,
// real hook scripts, and the result line's permission_denials.
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf, scenario, STREAM_JSON, toolResultsSent, type Scenario } from './harness.js';

async function writeSettings(s: Scenario, settings: unknown): Promise<void> {
  await mkdir(join(s.world.repo, '.claude'), { recursive: true });
  await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
}

async function writeHook(s: Scenario, name: string, body: string): Promise<string> {
  const path = join(s.world.repo, '.claude', name);
  await mkdir(join(s.world.repo, '.claude'), { recursive: true });
  await writeFile(path, `#!/usr/bin/env bash\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

const hookOn = (event: string, command: string, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
});

function textSent(s: Scenario, index: number): string {
  return JSON.stringify(s.mock.requests[index]?.body.messages ?? []);
}

describe('hooks in print mode', () => {
  it('a PreToolUse hook from .claude/settings.json blocks a Bash command, and permission_denials lists it', async () => {
    const command = 'rm -rf build && echo removed > removed.txt';
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: { command } }] },
      { content: [{ type: 'text', text: 'The hook stopped me.' }] },
    ]);
    // $CLAUDE_PROJECT_DIR is how existing hook configs find their scripts.
    await writeHook(s, 'no-rm.sh', 'if grep -q "rm -rf"; then echo "rm -rf is not allowed here" >&2; exit 2; fi');
    await writeSettings(s, hookOn('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/no-rm.sh', 'Bash'));

    const run = await s.run(['clean up', '-p', '--allowedTools', 'Bash', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(existsSync(join(s.world.repo, 'removed.txt'))).toBe(false);
    const sent = toolResultsSent(s.mock, 1).find((block) => block.tool_use_id === 'toolu_rm');
    expect(sent?.is_error).toBe(true);
    expect(JSON.stringify(sent?.content)).toContain('rm -rf is not allowed here');
    expect(resultOf(run.json()).permission_denials).toEqual([
      { tool_name: 'Bash', tool_use_id: 'toolu_rm', tool_input: { command } },
    ]);
  });

  it('lists every denial: a deny rule, a hook and a question print mode cannot ask', async () => {
    // One call per turn: a refused Bash call cancels the calls beside it.
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_rule', name: 'Bash', input: { command: 'curl https://example.com' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_hook', name: 'Bash', input: { command: 'echo secret-token' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'Write', input: { file_path: 'out.txt', content: 'x' } }] },
      { content: [{ type: 'text', text: 'Three refusals.' }] },
    ]);
    await writeHook(s, 'no-secrets.sh', 'if grep -q secret; then echo "no secrets" >&2; exit 2; fi');
    await writeSettings(s, {
      permissions: { deny: ['Bash(curl:*)'] },
      ...hookOn('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/no-secrets.sh', 'Bash'),
    });
    const run = await s.run(['go', '-p', '--output-format', 'json']);
    expect(run.code).toBe(0);
    const denials = resultOf(run.json()).permission_denials as Array<{ tool_use_id: string; tool_name: string }>;
    expect(denials.map((d) => [d.tool_use_id, d.tool_name]).sort()).toEqual([
      ['toolu_ask', 'Write'],
      ['toolu_hook', 'Bash'],
      ['toolu_rule', 'Bash'],
    ]);
    expect(existsSync(join(s.world.repo, 'out.txt'))).toBe(false);
  });

  it('a UserPromptSubmit block never reaches the model and ends with an error naming the reason', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never sent' }] }]);
    await writeHook(s, 'gate.sh', 'echo "prompts about deploys need a ticket" >&2; exit 2');
    await writeSettings(s, hookOn('UserPromptSubmit', '"$CLAUDE_PROJECT_DIR"/.claude/gate.sh'));
    const run = await s.run(['deploy it', '-p', '--output-format', 'json']);
    expect(run.code).toBe(1);
    expect(s.mock.requests).toHaveLength(0);
    expect(resultOf(run.json())).toMatchObject({ is_error: true, subtype: 'error_during_execution' });
    expect(JSON.stringify(resultOf(run.json()).errors)).toContain('prompts about deploys need a ticket');
  });

  it('SessionStart and UserPromptSubmit output is context for the model', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeHook(s, 'start.sh', 'cat > /dev/null; echo "branch policy: trunk only"');
    await writeHook(s, 'prompt.sh', `cat > /dev/null; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ticket PULSE-42"}}'`);
    await writeSettings(s, {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/start.sh' }] }],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/prompt.sh' }] }],
      },
    });
    const run = await s.run(['hello', '-p']);
    expect(run.code).toBe(0);
    const sent = textSent(s, 0);
    expect(sent).toContain('branch policy: trunk only');
    expect(sent).toContain('ticket PULSE-42');
    expect(sent.indexOf('branch policy')).toBeLessThan(sent.indexOf('hello'));
    expect(sent.indexOf('hello')).toBeLessThan(sent.indexOf('ticket PULSE-42'));
  });

  it('a Stop hook that blocks once sends its feedback back, then lets the run finish', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'Done.' }] },
      { content: [{ type: 'text', text: 'Now really done.' }] },
    ]);
    await writeHook(s, 'stop.sh', `if grep -q '"stop_hook_active":true'; then exit 0; fi\necho "write the changelog first" >&2\nexit 2`);
    await writeSettings(s, hookOn('Stop', '"$CLAUDE_PROJECT_DIR"/.claude/stop.sh'));
    const run = await s.run(['finish', '-p', '--output-format', 'json']);
    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(2);
    expect(textSent(s, 1)).toContain('Stop hook feedback');
    expect(textSent(s, 1)).toContain('write the changelog first');
    expect(resultOf(run.json())).toMatchObject({ result: 'Now really done.', is_error: false });
  });
});

describe('plan mode in print mode', () => {
  it('refuses Edit, Write and a non-read-only Bash call, and still reads', async () => {
    // Edit needs the file read first, or it fails its own check before permission is asked.
    const s = await scenario([
      {
        content: [
          { type: 'tool_use', id: 'toolu_read', name: 'Bash', input: { command: 'cat notes.txt' } },
          { type: 'tool_use', id: 'toolu_readfile', name: 'Read', input: { file_path: 'notes.txt' } },
        ],
      },
      { content: [{ type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: 'notes.txt', old_string: 'draft', new_string: 'final' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'new.txt', content: 'x' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'touch touched.txt' } }] },
      { content: [{ type: 'text', text: 'Here is the plan.' }] },
    ]);
    const notes = join(s.world.repo, 'notes.txt');
    await writeFile(notes, 'draft\n');
    const run = await s.run(['plan it', '-p', '--permission-mode', 'plan', '--allowedTools', 'Bash,Edit,Write', '--output-format', 'json']);
    expect(run.code).toBe(0);
    expect(await readFile(notes, 'utf8')).toBe('draft\n');
    expect(existsSync(join(s.world.repo, 'new.txt'))).toBe(false);
    expect(existsSync(join(s.world.repo, 'touched.txt'))).toBe(false);
    const results = toolResultsSent(s.mock, 4);
    expect(results.find((block) => block.tool_use_id === 'toolu_read')?.is_error).toBeFalsy();
    expect(results.find((block) => block.tool_use_id === 'toolu_readfile')?.is_error).toBeFalsy();
    expect(JSON.stringify(results.find((block) => block.tool_use_id === 'toolu_read')?.content)).toContain('draft');
    for (const id of ['toolu_edit', 'toolu_write', 'toolu_bash']) {
      const result = results.find((block) => block.tool_use_id === id);
      expect(result?.is_error, id).toBe(true);
      expect(JSON.stringify(result?.content), id).toContain('Plan mode');
    }
    const denials = resultOf(run.json()).permission_denials as Array<{ tool_use_id: string }>;
    expect(denials.map((d) => d.tool_use_id).sort()).toEqual(['toolu_bash', 'toolu_edit', 'toolu_write']);
  });
});

describe('a broken settings file', () => {
  it('stops print mode with a clear error and touches nothing else', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never sent' }] }]);
    const broken = '{"permissions": {"deny": ["Bash"]}, "hooks": {"Stop": "not a list"}}';
    await mkdir(join(s.world.repo, '.claude'));
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), broken);
    const run = await s.run(['hi', '-p', '--output-format', 'json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^pulse: error: .*\.claude\/settings\.json.*hooks\.Stop/);
    expect(s.mock.requests).toHaveLength(0);
    expect(await readFile(join(s.world.repo, '.claude', 'settings.json'), 'utf8')).toBe(broken);
    expect(await readdir(join(s.world.repo, '.claude'))).toEqual(['settings.json']);
    expect(existsSync(join(s.world.configDir, 'projects'))).toBe(false);
  });
});
