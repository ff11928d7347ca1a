// SessionStart hooks in stream-json, in the shapes Claude Code 2.1.332 printed against the mock:
// a hook_started line per command hook, then a hook_response per hook as it answers (output,
// stdout, stderr, exit_code, outcome), all before system/init; other events show none unless
// --include-hook-events (tests/e2e/hookEventShapes.test.ts), the json formats none. An SDK host
// receives the same lines, as the reference orders them: SessionStart runs before initialize is
// answered (recorded from 2.1.332 with raw stream-json input), UserPromptSubmit before init.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineKinds, scenario, STREAM_JSON, type Scenario } from './harness.js';
import { runSdkQuery } from './sdkHarness.js';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

/** Keys the reference printed on each line kind (recorded from 2.1.332 against the mock). */
const STARTED_KEYS = ['hook_event', 'hook_id', 'hook_name', 'session_id', 'subtype', 'type', 'uuid'];
const RESPONSE_KEYS = [...STARTED_KEYS, 'exit_code', 'outcome', 'output', 'stderr', 'stdout'].sort();

async function withHooks(s: Scenario): Promise<void> {
  const dir = join(s.world.repo, '.claude');
  await mkdir(dir, { recursive: true });
  const script = join(dir, 'start.sh');
  await writeFile(script, '#!/usr/bin/env bash\ncat > /dev/null\necho "branch policy: trunk only"\necho "note on stderr" >&2\n');
  await chmod(script, 0o755);
  const settings = {
    hooks: {
      SessionStart: [
        { hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/start.sh' }] },
        { matcher: 'startup', hooks: [{ type: 'command', command: 'echo failing >&2; exit 3' }] },
      ],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo prompt context' }] }],
    },
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify(settings));
}

describe('SessionStart hook lines', () => {
  it('stream-json prints each hook starting and answering before init, in the reference shapes', async () => {
    const s = await scenario([ok]);
    await withHooks(s);
    const run = await s.run(['-p', 'hello', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    const lines = run.json();
    expect(lineKinds(lines)).toEqual([
      'system/hook_started',
      'system/hook_started',
      'system/hook_response',
      'system/hook_response',
      'system/init',
      'assistant',
      'result/success',
    ]);
    const init = lines[4] as Record<string, unknown>;
    const started = lines.slice(0, 2);
    const responses = lines.slice(2, 4);
    for (const line of started) {
      expect(Object.keys(line).sort()).toEqual(STARTED_KEYS);
      expect(line).toMatchObject({ hook_name: 'SessionStart:startup', hook_event: 'SessionStart', session_id: init.session_id });
    }
    for (const line of responses) expect(Object.keys(line).sort()).toEqual(RESPONSE_KEYS);
    expect(new Set(responses.map((line) => line.hook_id))).toEqual(new Set(started.map((line) => line.hook_id)));
    const script = responses.find((line) => line.exit_code === 0);
    expect(script).toMatchObject({ outcome: 'success', stdout: 'branch policy: trunk only\n', stderr: 'note on stderr\n' });
    expect(String(script?.output).split('\n').sort()).toEqual(['', 'branch policy: trunk only', 'note on stderr']);
    expect(responses.find((line) => line.exit_code === 3)).toMatchObject({ outcome: 'error', stdout: '', stderr: 'failing\n', output: 'failing\n' });
    // The hook's context still reaches the model, before the prompt.
    const sent = JSON.stringify(s.mock.requests[0]?.body.messages);
    expect(sent.indexOf('branch policy: trunk only')).toBeLessThan(sent.indexOf('hello'));
  });

  it('json output leaves them out, verbose or not', async () => {
    const s = await scenario([ok], ok);
    await withHooks(s);
    const verbose = await s.run(['-p', 'hello', '--output-format', 'json', '--verbose']);
    expect(lineKinds(JSON.parse(verbose.stdout) as Array<Record<string, unknown>>)).toEqual(['system/init', 'assistant', 'result/success']);
    const plain = await s.run(['-p', 'hello', '--output-format', 'json']);
    expect((JSON.parse(plain.stdout) as Record<string, unknown>).type).toBe('result');
  });

  it('an SDK host receives them too, before init', async () => {
    const s = await scenario([ok]);
    await withHooks(s);
    const { messages } = await runSdkQuery(s, 'hello');
    const kinds = messages.map((message) => `${message.type}/${'subtype' in message ? String(message.subtype) : ''}`);
    expect(kinds.slice(0, 5)).toEqual(['system/hook_started', 'system/hook_started', 'system/hook_response', 'system/hook_response', 'system/init']);
  });

  it('stream-json input: SessionStart runs before initialize is answered, UserPromptSubmit before init', async () => {
    const s = await scenario([ok]);
    await withHooks(s);
    const stdin = [
      JSON.stringify({ type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize' } }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'hello' }, parent_tool_use_id: null, session_id: '' }),
      '',
    ].join('\n');
    const plain = await s.run([...STREAM_JSON, '--input-format', 'stream-json'], { stdin });
    expect(plain.code).toBe(0);
    expect(lineKinds(plain.json())).toEqual([
      'system/hook_started',
      'system/hook_started',
      'system/hook_response',
      'system/hook_response',
      'control_response',
      'system/init',
      'assistant',
      'result/success',
    ]);
    const all = await s.run([...STREAM_JSON, '--input-format', 'stream-json', '--include-hook-events'], { stdin });
    const lines = all.json();
    expect(lineKinds(lines).slice(4, 8)).toEqual(['control_response', 'system/hook_started', 'system/hook_response', 'system/init']);
    expect(lines[5]).toMatchObject({ hook_name: 'UserPromptSubmit', hook_event: 'UserPromptSubmit' });
    expect(lines[6]).toMatchObject({ stdout: 'prompt context\n', outcome: 'success', exit_code: 0 });
  });

  it('without an initialize, SessionStart still runs before the first init', async () => {
    const s = await scenario([ok]);
    await withHooks(s);
    const stdin = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hello' }, parent_tool_use_id: null, session_id: '' })}\n`;
    const run = await s.run([...STREAM_JSON, '--input-format', 'stream-json'], { stdin });
    expect(lineKinds(run.json()).slice(0, 5)).toEqual(['system/hook_started', 'system/hook_started', 'system/hook_response', 'system/hook_response', 'system/init']);
    const sent = JSON.stringify(s.mock.requests[0]?.body.messages);
    expect(sent.indexOf('branch policy: trunk only')).toBeLessThan(sent.indexOf('hello'));
  });

  it("an SDK host's includeHookEvents shows a tool's hooks", async () => {
    const s = await scenario([{ content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'echo hi' } }] }, ok]);
    await withHooks(s);
    const settings = join(s.world.repo, '.claude', 'settings.json');
    const { hooks } = JSON.parse(await readFile(settings, 'utf8')) as { hooks: Record<string, unknown> };
    await writeFile(settings, JSON.stringify({ hooks: { ...hooks, PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo checked' }] }] } }));
    const { messages } = await runSdkQuery(s, 'hello', { includeHookEvents: true, permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true });
    const names = messages.flatMap((message) => (message.type === 'system' && message.subtype === 'hook_response' ? [message.hook_name] : []));
    expect(names).toContain('PreToolUse:Bash');
    expect(names).toContain('UserPromptSubmit');
    const without = await runSdkQuery(s, 'hello');
    expect(without.messages.some((message) => message.type === 'system' && message.subtype === 'hook_response' && message.hook_event !== 'SessionStart')).toBe(false);
  });
});
