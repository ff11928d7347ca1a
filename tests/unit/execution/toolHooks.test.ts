// Hooks through the real tool pipeline: real hook scripts, the real Bash tool, real rules.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPermissionUpdater } from '../../../src/bootstrap/permissionUpdates.js';
import type { HooksConfig } from '../../../src/hooks/config.js';
import { createHookRunner } from '../../../src/hooks/hookRunner.js';
import { rulesFromSettings } from '../../../src/permissions/rules.js';
import { runToolUse } from '../../../src/tools/execution/runToolUse.js';
import { isHookStoppedMarker } from '../../../src/tools/execution/toolHooks.js';
import type { AskPermission, ToolCall } from '../../../src/tools/execution/types.js';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import type { Message, UserMessage } from '../../../src/types/messages.js';
import type { PermissionResult, ToolPermissionContext } from '../../../src/types/permissions.js';
import { createSyntheticAssistantError } from '../../../src/utils/messages.js';
import { makeToolContext } from '../../support/toolContext.js';
import { fakeTool } from '../../loop/harness.js';
import { makeSandbox, type HookSandbox } from '../hooks/helpers.js';

let box: HookSandbox;
let asked: Parameters<AskPermission>[0][];
beforeEach(() => {
  box = makeSandbox();
  asked = [];
});
afterEach(() => box.cleanup());

const asking = createSyntheticAssistantError({ text: '', apiError: 'unknown' }, 'asking');
let nextId = 0;
function bash(command: string): ToolCall {
  return { block: { type: 'tool_use', id: `b${++nextId}`, name: 'Bash', input: { command }, caller: { type: 'direct' } }, assistantMessage: asking };
}

type Setup = { hooks?: HooksConfig; allow?: string[]; deny?: string[]; answer?: PermissionResult; extra?: Partial<ToolUseContext> };

function contextFor(setup: Setup): { context: ToolUseContext; permissions: () => ToolPermissionContext } {
  let permissions: ToolPermissionContext = {
    mode: 'default',
    rules: rulesFromSettings({ allow: setup.allow ?? [], deny: setup.deny ?? [] }, 'projectSettings'),
    workingDirectories: [box.dir],
  };
  const context = makeToolContext(box.dir, {
    getPermissionContext: () => permissions,
    updatePermissions: createPermissionUpdater({
      get: () => permissions,
      set: (next) => {
        permissions = next;
      },
      projectRoot: box.dir,
    }),
    ...(setup.hooks
      ? {
          hooks: createHookRunner({
            config: setup.hooks,
            sessionId: () => 'session-1',
            transcriptPath: () => join(box.dir, 't.jsonl'),
            projectDir: box.dir,
          }),
        }
      : {}),
    ...setup.extra,
  });
  return { context, permissions: () => permissions };
}

async function run(call: ToolCall, setup: Setup): Promise<{ messages: Message[]; context: ToolUseContext; permissions: () => ToolPermissionContext }> {
  const { context, permissions } = contextFor(setup);
  const canUseTool: AskPermission = async (request) => {
    asked.push(request);
    return setup.answer ?? { behavior: 'deny', message: 'Denied by the test.' };
  };
  const messages: Message[] = [];
  for await (const event of runToolUse(call, { tools: [BashTool], canUseTool, context, uuid: () => `u${++nextId}` })) {
    if (event.type !== 'progress') messages.push(event);
  }
  return { messages, context, permissions };
}

function resultOf(messages: Message[]): { text: string; isError: boolean; message: UserMessage } {
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    const block = message.message.content.find((b) => b.type === 'tool_result');
    if (!block || block.type !== 'tool_result') continue;
    const content = block.content;
    const text = typeof content === 'string' ? content : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
    return { text, isError: block.is_error === true, message };
  }
  throw new Error('no tool result');
}

const preToolUse = (command: string): HooksConfig => ({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] });
const json = (value: unknown): string => `echo '${JSON.stringify(value)}'`;
const decision = (permissionDecision: string, extra: Record<string, unknown> = {}) =>
  json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, ...extra } });

describe('PreToolUse through runToolUse', () => {
  it('a deny (exit 2) refuses the call with the hook’s reason and records the denial', async () => {
    const hook = box.script('deny.sh', 'cat > /dev/null\necho "no touching in this repo" >&2\nexit 2');
    const { messages } = await run(bash(`touch ${join(box.dir, 'made')}`), { hooks: preToolUse(hook), allow: ['Bash'] });
    const result = resultOf(messages);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('no touching in this repo');
    expect(result.message.permissionDenied).toEqual({ toolName: 'Bash', toolInput: { command: `touch ${join(box.dir, 'made')}` } });
    expect(existsSync(join(box.dir, 'made'))).toBe(false);
    expect(asked).toHaveLength(0);
  });

  it('the hook sees the tool input on stdin', async () => {
    const seen = join(box.dir, 'stdin.json');
    const hook = box.script('record.sh', `cat > ${seen}`);
    await run(bash('echo hi'), { hooks: preToolUse(hook) });
    const input = JSON.parse(readFileSync(seen, 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo hi' }, session_id: 'session-1' });
    expect(input.tool_use_id).toMatch(/^b\d+$/);
  });

  it('an ask sends even a pre-approved call to canUseTool', async () => {
    const hook = box.script('ask.sh', decision('ask', { permissionDecisionReason: 'double-check this' }));
    const { messages } = await run(bash('echo asked'), { hooks: preToolUse(hook), answer: { behavior: 'allow' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.decision.message).toBe('double-check this');
    expect(resultOf(messages).text).toContain('asked');
  });

  it('an allow answers the question for the person', async () => {
    const target = join(box.dir, 'made-by-allow');
    const hook = box.script('allow.sh', decision('allow'));
    await run(bash(`touch ${target}`), { hooks: preToolUse(hook) });
    expect(asked).toHaveLength(0);
    expect(existsSync(target)).toBe(true);
  });

  it('an allow never beats a deny rule', async () => {
    const target = join(box.dir, 'never');
    const hook = box.script('allow.sh', decision('allow'));
    const { messages } = await run(bash(`touch ${target}`), { hooks: preToolUse(hook), deny: ['Bash(touch:*)'] });
    const result = resultOf(messages);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('denied by rule Bash(touch:*)');
    expect(result.message.permissionDenied?.toolName).toBe('Bash');
    expect(existsSync(target)).toBe(false);
  });

  it('updatedInput rewrites the command, and the rewrite is what runs', async () => {
    const hook = box.script('rewrite.sh', decision('allow', { updatedInput: { command: 'echo rewritten-by-hook' } }));
    const { messages } = await run(bash('echo original'), { hooks: preToolUse(hook) });
    const result = resultOf(messages);
    expect(result.text).toContain('rewritten-by-hook');
    expect(result.text).not.toContain('original');
  });

  it('a rewrite is checked against the tool’s schema and the rules', async () => {
    const bad = box.script('bad.sh', decision('allow', { updatedInput: { command: 42 } }));
    expect(resultOf((await run(bash('echo a'), { hooks: preToolUse(bad) })).messages).text).toContain('InputValidationError');
    const sneaky = box.script('sneaky.sh', decision('allow', { updatedInput: { command: `touch ${join(box.dir, 'sneaky')}` } }));
    const { messages } = await run(bash('echo a'), { hooks: preToolUse(sneaky), deny: ['Bash(touch:*)'] });
    expect(resultOf(messages).isError).toBe(true);
    expect(existsSync(join(box.dir, 'sneaky'))).toBe(false);
  });

  it('additionalContext follows the result as a hidden message; continue:false marks the turn to stop', async () => {
    const hook = box.script(
      'context.sh',
      json({ continue: false, stopReason: 'enough for today', hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'remember the style guide' } }),
    );
    const { messages } = await run(bash('echo ran'), { hooks: preToolUse(hook) });
    const resultIndex = messages.indexOf(resultOf(messages).message);
    const after = messages.slice(resultIndex + 1);
    const context = after.find((m): m is UserMessage => m.type === 'user' && m.isMeta === true);
    expect(context?.message.content).toContain('remember the style guide');
    expect(after.some(isHookStoppedMarker)).toBe(true);
    expect(resultOf(messages).text).toContain('ran');
  });
});

describe('after the call', () => {
  it('PostToolUse sees the response and its additionalContext and block feedback reach the model', async () => {
    const seen = join(box.dir, 'post.json');
    const hook = box.script(
      'post.sh',
      `cat > ${seen}\n${json({ decision: 'block', reason: 'lint failed on line 3', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'tests are slow here' } })}`,
    );
    const { messages } = await run(bash('echo post'), { hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: hook }] }] } });
    const meta = messages.filter((m): m is UserMessage => m.type === 'user' && m.isMeta === true);
    expect(meta).toHaveLength(1);
    expect(meta[0]?.message.content).toContain('lint failed on line 3');
    expect(meta[0]?.message.content).toContain('tests are slow here');
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Bash' });
    expect(JSON.stringify(JSON.parse(readFileSync(seen, 'utf8')).tool_response)).toContain('post');
  });
});

describe('after a command that failed', () => {
  // The reference (2.1.332, through the Agent SDK) runs PostToolUseFailure for `false`, its error the
  // result text "Exit code 1"; an exit that is the command's answer is a success.
  function recordBoth(): { hooks: HooksConfig; seen: () => Array<Record<string, unknown>> } {
    const log = join(box.dir, 'events.jsonl');
    const hook = box.script('both.sh', `cat >> ${log}\necho >> ${log}`);
    const hooks: HooksConfig = {
      PostToolUse: [{ hooks: [{ type: 'command', command: hook }] }],
      PostToolUseFailure: [{ hooks: [{ type: 'command', command: hook }] }],
    };
    const seen = () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    return { hooks, seen };
  }

  it('a real failing exit runs PostToolUseFailure with the text the model got, not PostToolUse', async () => {
    const { hooks, seen } = recordBoth();
    const { messages } = await run(bash('echo partial; exit 3'), { hooks, allow: ['Bash'] });
    const result = resultOf(messages);
    expect(result.isError).toBe(true);
    expect(seen().map((input) => input.hook_event_name)).toEqual(['PostToolUseFailure']);
    expect(seen()[0]).toMatchObject({ tool_name: 'Bash', error: result.text, is_interrupt: false });
    expect(result.text).toContain('Exit code 3');
  });

  it('an exit status that is the answer (grep: no match) runs PostToolUse', async () => {
    const { hooks, seen } = recordBoth();
    const { messages } = await run(bash('grep nothing-here /dev/null'), { hooks, allow: ['Bash'] });
    expect(resultOf(messages).isError).toBe(false);
    expect(seen().map((input) => input.hook_event_name)).toEqual(['PostToolUse']);
  });
});

describe('after a crash', () => {
  it('PostToolUseFailure hears the error and its context follows the error result', async () => {
    const seen = join(box.dir, 'failure.json');
    const hook = box.script('failed.sh', `cat > ${seen}\n${json({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'the disk is full again' } })}`);
    const crashing = fakeTool({
      name: 'Crash',
      checkPermissions: async () => ({ behavior: 'allow' }),
      // eslint-disable-next-line require-yield
      run: async function* () {
        throw new Error('disk full');
      },
    });
    const { context } = contextFor({ hooks: { PostToolUseFailure: [{ hooks: [{ type: 'command', command: hook }] }] } });
    const call: ToolCall = { block: { type: 'tool_use', id: 'c1', name: 'Crash', input: {}, caller: { type: 'direct' } }, assistantMessage: asking };
    const messages: Message[] = [];
    for await (const event of runToolUse(call, { tools: [crashing], canUseTool: async () => ({ behavior: 'allow' }), context, uuid: () => 'u' })) {
      if (event.type !== 'progress') messages.push(event);
    }
    expect(resultOf(messages).isError).toBe(true);
    expect(resultOf(messages).text).toContain('disk full');
    expect(messages.some((m) => m.type === 'user' && m.isMeta === true && String(m.message.content).includes('the disk is full again'))).toBe(true);
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Crash', error: 'disk full', tool_use_id: 'c1' });
  });
});

describe('when the chain ends in ask', () => {
  it('a PermissionRequest hook may allow, and its updatedPermissions are saved for the project', async () => {
    const hook = box.script(
      'grant.sh',
      json({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'allow', updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'localSettings' }] },
        },
      }),
    );
    const target = join(box.dir, 'granted');
    const { permissions } = await run(bash(`touch ${target}`), { hooks: { PermissionRequest: [{ hooks: [{ type: 'command', command: hook }] }] } });
    expect(asked).toHaveLength(0);
    expect(existsSync(target)).toBe(true);
    expect(permissions().rules).toContainEqual({ toolName: 'Bash', ruleContent: 'touch:*', behavior: 'allow', source: 'localSettings' });
    const saved = JSON.parse(readFileSync(join(box.dir, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Bash(touch:*)']);
  });

  it('a PermissionRequest deny refuses without asking', async () => {
    const hook = box.script('refuse.sh', json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'not on Fridays' } } }));
    const { messages } = await run(bash(`touch ${join(box.dir, 'x')}`), { hooks: { PermissionRequest: [{ hooks: [{ type: 'command', command: hook }] }] } });
    expect(asked).toHaveLength(0);
    expect(resultOf(messages).text).toBe('not on Fridays');
    expect(resultOf(messages).message.permissionDenied?.toolName).toBe('Bash');
  });

  it('an answer with session rules changes the live context; interrupt aborts the turn', async () => {
    const { permissions } = await run(bash(`touch ${join(box.dir, 'y')}`), {
      answer: { behavior: 'allow', updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }], behavior: 'allow', destination: 'session' }] },
    });
    expect(permissions().rules.at(-1)).toEqual({ toolName: 'Bash', ruleContent: 'touch:*', behavior: 'allow', source: 'session' });
    expect(existsSync(join(box.dir, '.claude', 'settings.local.json'))).toBe(false);

    let aborted = false;
    await run(bash(`touch ${join(box.dir, 'z')}`), {
      answer: { behavior: 'deny', message: 'stop everything', interrupt: true },
      extra: { abortTurn: () => (aborted = true) },
    });
    expect(aborted).toBe(true);
  });
});
