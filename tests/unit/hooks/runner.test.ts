import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHooks } from '../../../src/hooks/runner.js';
import { runSessionStartHooks } from '../../../src/hooks/sessionHooks.js';
import { runUserPromptSubmitHooks } from '../../../src/hooks/turnHooks.js';
import { baseInput, hooksFor, makeSandbox, waitFor, type HookSandbox } from './helpers.js';

let box: HookSandbox;
beforeEach(() => {
  box = makeSandbox();
});
afterEach(() => box.cleanup());

function options(hooks: ReturnType<typeof hooksFor>, extra: { signal?: AbortSignal } = {}) {
  return { hooks, cwd: box.dir, projectDir: box.dir, ...extra };
}

const toolInput = () => ({
  ...baseInput(box.dir),
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_1',
});

describe('runHooks', () => {
  it('sends the event JSON on stdin with the base fields and hook_event_name', async () => {
    const capture = join(box.dir, 'stdin.json');
    const hook = box.script('capture.sh', `cat > "${capture}"`);
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome?.kind).toBe('success');
    const sent = JSON.parse(readFileSync(capture, 'utf8'));
    expect(sent).toMatchObject({
      session_id: 'session-1',
      transcript_path: join(box.dir, 'transcript.jsonl'),
      cwd: box.dir,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
    });
  });

  it('parses JSON printed by a hook that exits 0', async () => {
    const hook = box.script('json.sh', `echo '{"systemMessage":"careful","suppressOutput":true,"extra":1}'`);
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome).toMatchObject({ kind: 'success', exitCode: 0, output: { systemMessage: 'careful', suppressOutput: true } });
  });

  it('keeps plain stdout of a hook that exits 0', async () => {
    const hook = box.script('plain.sh', 'echo "just words"');
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome).toMatchObject({ kind: 'success', plainStdout: 'just words' });
    expect(outcome?.output).toBeUndefined();
  });

  it('treats exit 2 as blocking with stderr as the message', async () => {
    const hook = box.script('block.sh', 'echo "not allowed here" >&2; exit 2');
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome).toMatchObject({ kind: 'blocking', exitCode: 2, blockingMessage: 'not allowed here' });
  });

  it('prefers a JSON reason over stderr on exit 2', async () => {
    const hook = box.script('block-json.sh', `echo '{"reason":"policy says no"}'; echo noise >&2; exit 2`);
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome?.blockingMessage).toBe('policy says no');
  });

  it('treats exit 1 as a non-blocking error quoting the first stderr line', async () => {
    const hook = box.script('fail.sh', 'printf "first problem\\nsecond line\\n" >&2; exit 1');
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook])));
    expect(outcome).toMatchObject({ kind: 'non_blocking_error', exitCode: 1, error: 'exited with status 1: first problem' });
  });

  it('reports garbage JSON output as a non-blocking error instead of throwing', async () => {
    const broken = box.script('broken.sh', `echo '{this is not json'`);
    const wrongShape = box.script('shape.sh', `echo '{"decision":"maybe"}'`);
    const outcomes = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [broken, wrongShape])));
    expect(outcomes.map((o) => o.kind)).toEqual(['non_blocking_error', 'non_blocking_error']);
    expect(outcomes[0]?.error).toContain('not valid JSON');
    expect(outcomes[1]?.error).toContain('decision');
  });

  it('kills a hook that outlives its timeout, process group included, without blocking', async () => {
    const pidFile = join(box.dir, 'child.pid');
    const hook = box.script('slow.sh', `sleep 30 & echo $! > "${pidFile}"; wait`);
    const started = Date.now();
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook], undefined, 1)));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome).toMatchObject({ kind: 'non_blocking_error' });
    expect(outcome?.error).toContain('timed out after 1s');
    const childPid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor(() => !isAlive(childPid), 'the background child to die');
  });

  it('kills a running hook when the signal aborts', async () => {
    const marker = join(box.dir, 'started');
    const hook = box.script('wait.sh', `touch "${marker}"; sleep 30`);
    const controller = new AbortController();
    const pending = runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook]), { signal: controller.signal }));
    await waitFor(() => existsSync(marker), 'the hook to start');
    controller.abort();
    const [outcome] = await pending;
    expect(outcome?.kind).toBe('cancelled');
  });

  it('runs the hooks of one event in parallel', async () => {
    const a = join(box.dir, 'a.marker');
    const b = join(box.dir, 'b.marker');
    // Each hook waits for the other's marker: run one after the other, the first would time out.
    const first = box.script('first.sh', `touch "${a}"; while [ ! -f "${b}" ]; do sleep 0.02; done; echo first`);
    const second = box.script('second.sh', `touch "${b}"; while [ ! -f "${a}" ]; do sleep 0.02; done; echo second`);
    const outcomes = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [first, second], undefined, 5)));
    expect(outcomes.map((o) => [o.kind, o.plainStdout])).toEqual([
      ['success', 'first'],
      ['success', 'second'],
    ]);
  });

  it('runs hooks in the project dir with CLAUDE_PROJECT_DIR and PULSE_PROJECT_DIR set', async () => {
    const hook = box.script('env.sh', 'echo "$CLAUDE_PROJECT_DIR|$PULSE_PROJECT_DIR|$PWD"');
    const result = await runSessionStartHooks(
      { ...baseInput(box.dir), source: 'startup' },
      options(hooksFor('SessionStart', [hook])),
    );
    expect(result.additionalContext).toEqual([`${box.dir}|${box.dir}|${box.dir}`]);
    expect(result.errors).toEqual([]);
  });

  it('runs a command configured twice only once', async () => {
    const hook = box.script('once.sh', 'echo ran');
    const hooks = { PreToolUse: [...hooksFor('PreToolUse', [hook]).PreToolUse!, ...hooksFor('PreToolUse', [hook], 'Bash').PreToolUse!] };
    const outcomes = await runHooks('PreToolUse', toolInput(), options(hooks));
    expect(outcomes).toHaveLength(1);
  });

  it('reports a command that cannot be run as a non-blocking error', async () => {
    const outcomes = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [join(box.dir, 'missing.sh')])));
    expect(outcomes[0]?.kind).toBe('non_blocking_error');
    expect(outcomes[0]?.error).toMatch(/exited with status 127/);
  });
});

describe('matchers in the runner', () => {
  it('selects groups by exact names, regex and wildcard, and reports an invalid regex', async () => {
    const hook = (name: string) => box.script(`${name}.sh`, `echo ${name}`);
    const hooks = {
      PreToolUse: [
        { matcher: 'Edit|Write', hooks: [{ type: 'command' as const, command: hook('exact') }] },
        { matcher: 'Ba.*', hooks: [{ type: 'command' as const, command: hook('regex') }] },
        { matcher: '*', hooks: [{ type: 'command' as const, command: hook('star') }] },
        { hooks: [{ type: 'command' as const, command: hook('none') }] },
        { matcher: 'Bash(', hooks: [{ type: 'command' as const, command: hook('broken') }] },
      ],
    };
    const outcomes = await runHooks('PreToolUse', toolInput(), options(hooks));
    const ran = outcomes.filter((o) => o.kind === 'success').map((o) => o.plainStdout);
    expect(ran).toEqual(['regex', 'star', 'none']);
    const matcherError = outcomes.find((o) => o.kind === 'non_blocking_error');
    expect(matcherError?.error).toContain('not a valid regular expression');
  });

  it('runs every group for events without a match field, like UserPromptSubmit', async () => {
    const hook = box.script('ctx.sh', 'echo "remember the tests"');
    const result = await runUserPromptSubmitHooks(
      { ...baseInput(box.dir), prompt: 'hi' },
      options(hooksFor('UserPromptSubmit', [hook], 'Anything')),
    );
    expect(result.additionalContext).toEqual(['remember the tests']);
    expect(result.blocked).toBeUndefined();
  });
});

/** A killed process may linger as a zombie until something reaps it; that counts as dead. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

describe('runHooks never throws', () => {
  it('reports input that cannot be serialised', async () => {
    const hook = box.script('never.sh', 'echo should-not-run');
    const input = { ...toolInput(), tool_input: { big: 1n } as Record<string, unknown> };
    const outcomes = await runHooks('PreToolUse', input, options(hooksFor('PreToolUse', [hook])));
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]?.kind).toBe('non_blocking_error');
    expect(outcomes[0]?.error).toContain('could not be given its input');
  });

  it('does not start hooks once the signal has already aborted', async () => {
    const marker = join(box.dir, 'ran');
    const hook = box.script('late.sh', `touch "${marker}"`);
    const controller = new AbortController();
    controller.abort();
    const [outcome] = await runHooks('PreToolUse', toolInput(), options(hooksFor('PreToolUse', [hook]), { signal: controller.signal }));
    expect(outcome?.kind).toBe('cancelled');
    expect(existsSync(marker)).toBe(false);
  });
});
