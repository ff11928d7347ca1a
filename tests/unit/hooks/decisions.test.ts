import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPreToolUseHooks } from '../../../src/hooks/preToolUse.js';
import { runPermissionRequestHooks, runSimpleHooks } from '../../../src/hooks/sessionHooks.js';
import { runPostToolUseHooks, runStopHooks, runUserPromptSubmitHooks } from '../../../src/hooks/turnHooks.js';
import { baseInput, hooksFor, makeSandbox, type HookSandbox } from './helpers.js';

let box: HookSandbox;
beforeEach(() => {
  box = makeSandbox();
});
afterEach(() => box.cleanup());

const options = (hooks: ReturnType<typeof hooksFor>) => ({ hooks, cwd: box.dir, projectDir: box.dir });
const preInput = () => ({ ...baseInput(box.dir), tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 't1' });

function decisionHook(name: string, decision: string, reason: string, extra = ''): string {
  const json = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  });
  return box.script(`${name}.sh`, `${extra}echo '${json}'`);
}

describe('runPreToolUseHooks', () => {
  it('allows and rewrites the input', async () => {
    const json = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'safe',
        updatedInput: { command: 'rm -rf ./build' },
        additionalContext: 'build dir is disposable',
      },
    });
    const hook = box.script('allow.sh', `echo '${json}'`);
    const result = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [hook])));
    expect(result).toMatchObject({
      decision: 'allow',
      reason: 'safe',
      updatedInput: { command: 'rm -rf ./build' },
      additionalContext: 'build dir is disposable',
      errors: [],
      preventContinuation: false,
    });
    expect(result.blockingMessage).toBeUndefined();
  });

  it('asks when one hook allows and another asks', async () => {
    const result = await runPreToolUseHooks(
      preInput(),
      options(hooksFor('PreToolUse', [decisionHook('a', 'allow', 'fine'), decisionHook('b', 'ask', 'check with the user')])),
    );
    expect(result.decision).toBe('ask');
    expect(result.reason).toBe('check with the user');
  });

  it('denies when any hook denies, whatever the others say', async () => {
    const deny = decisionHook('c', 'deny', 'never delete build');
    const result = await runPreToolUseHooks(
      preInput(),
      options(hooksFor('PreToolUse', [decisionHook('a', 'allow', 'fine'), decisionHook('b', 'ask', 'hmm'), deny])),
    );
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('never delete build');
    expect(result.blockingMessage).toBe(`[${deny}]: never delete build`);
  });

  it('denies on exit 2 with stderr as the reason', async () => {
    const hook = box.script('exit2.sh', 'echo "dangerous command" >&2; exit 2');
    const result = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [hook])));
    expect(result).toMatchObject({ decision: 'deny', reason: 'dangerous command', blockingMessage: `[${hook}]: dangerous command` });
  });

  it('does not decide when a hook fails with exit 1, and reports it', async () => {
    const hook = box.script('exit1.sh', 'echo "oops" >&2; exit 1');
    const result = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [hook])));
    expect(result.decision).toBeUndefined();
    expect(result.errors).toEqual([`PreToolUse hook ${hook} exited with status 1: oops`]);
  });

  it('maps the legacy decision field: approve allows, block denies', async () => {
    const approve = box.script('approve.sh', `echo '{"decision":"approve","reason":"ok"}'`);
    expect((await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [approve])))).decision).toBe('allow');
    const block = box.script('blockjson.sh', `echo '{"decision":"block","reason":"nope"}'`);
    const blocked = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [block])));
    expect(blocked).toMatchObject({ decision: 'deny', reason: 'nope' });
  });

  it('stops the turn on continue:false with the stop reason', async () => {
    const hook = box.script('halt.sh', `echo '{"continue":false,"stopReason":"build is frozen","systemMessage":"frozen"}'`);
    const result = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [hook])));
    expect(result).toMatchObject({ preventContinuation: true, stopReason: 'build is frozen', systemMessages: ['frozen'] });
  });

  it('ignores hookSpecificOutput meant for another event and says so', async () => {
    const json = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } });
    const hook = box.script('wrong.sh', `echo '${json}'`);
    const result = await runPreToolUseHooks(preInput(), options(hooksFor('PreToolUse', [hook])));
    expect(result.decision).toBeUndefined();
    expect(result.errors[0]).toContain('hookSpecificOutput for PostToolUse');
  });
});

describe('runStopHooks', () => {
  const stopInput = () => ({ ...baseInput(box.dir), stop_hook_active: false });

  it('turns decision:block into feedback that keeps the model going', async () => {
    const hook = box.script('stop.sh', `echo '{"decision":"block","reason":"tests are still failing"}'`);
    const result = await runStopHooks('Stop', stopInput(), options(hooksFor('Stop', [hook])));
    expect(result.blockingErrors).toEqual([`[${hook}]: tests are still failing`]);
    expect(result.preventContinuation).toBe(false);
  });

  it('turns exit 2 into feedback too', async () => {
    const hook = box.script('stop2.sh', 'echo "lint first" >&2; exit 2');
    const result = await runStopHooks('Stop', stopInput(), options(hooksFor('Stop', [hook])));
    expect(result.blockingErrors).toEqual([`[${hook}]: lint first`]);
  });

  it('reports continue:false with its stop reason', async () => {
    const hook = box.script('halt.sh', `echo '{"continue":false,"stopReason":"budget spent"}'`);
    const result = await runStopHooks('Stop', stopInput(), options(hooksFor('Stop', [hook])));
    expect(result).toMatchObject({ preventContinuation: true, stopReason: 'budget spent', blockingErrors: [] });
  });

  it('returns nothing to do when no hook is configured', async () => {
    const result = await runStopHooks('Stop', stopInput(), options({}));
    expect(result).toEqual({ preventContinuation: false, systemMessages: [], errors: [], blockingErrors: [] });
  });
});

describe('runUserPromptSubmitHooks', () => {
  const promptInput = () => ({ ...baseInput(box.dir), prompt: 'deploy now' });

  it('blocks the prompt on exit 2', async () => {
    const hook = box.script('gate.sh', 'echo "no deploys on Friday" >&2; exit 2');
    const result = await runUserPromptSubmitHooks(promptInput(), options(hooksFor('UserPromptSubmit', [hook])));
    expect(result).toMatchObject({ blocked: true, reason: 'no deploys on Friday', additionalContext: [] });
  });

  it('collects JSON additionalContext', async () => {
    const json = JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'staging only' } });
    const hook = box.script('ctx.sh', `echo '${json}'`);
    const result = await runUserPromptSubmitHooks(promptInput(), options(hooksFor('UserPromptSubmit', [hook])));
    expect(result.additionalContext).toEqual(['staging only']);
    expect(result.blocked).toBeUndefined();
  });
});

describe('other helpers', () => {
  it('runPostToolUseHooks passes exit-2 feedback and context to the model', async () => {
    const feedback = box.script('post.sh', 'echo "formatting changed the file" >&2; exit 2');
    const json = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ran prettier' } });
    const context = box.script('post-ctx.sh', `echo '${json}'`);
    const result = await runPostToolUseHooks(
      'PostToolUse',
      { ...preInput(), tool_response: { ok: true } },
      options(hooksFor('PostToolUse', [feedback, context])),
    );
    expect(result.blockingMessages).toEqual([`[${feedback}]: formatting changed the file`]);
    expect(result.additionalContext).toEqual(['ran prettier']);
  });

  it('runSimpleHooks reports failures and blocks only as data', async () => {
    const broken = box.script('notify.sh', 'echo "no display" >&2; exit 3');
    const result = await runSimpleHooks(
      'Notification',
      { ...baseInput(box.dir), message: 'waiting', notification_type: 'idle_prompt' },
      options(hooksFor('Notification', [broken], 'idle_prompt')),
    );
    expect(result.errors).toEqual([`Notification hook ${broken} exited with status 3: no display`]);
    expect(result.blockingErrors).toEqual([]);
  });

  it('runPermissionRequestHooks lets deny win over allow', async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
    const deny = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no' } },
    });
    const result = await runPermissionRequestHooks(
      { ...baseInput(box.dir), tool_name: 'Bash', tool_input: { command: 'ls' } },
      options(hooksFor('PermissionRequest', [box.script('a.sh', `echo '${allow}'`), box.script('d.sh', `echo '${deny}'`)])),
    );
    expect(result.decision).toEqual({ behavior: 'deny', message: 'no' });
  });
});
