// Stop hooks at the loop's done exit, and a hook's stop request after tools, with real scripts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HooksConfig } from '../../src/hooks/config.js';
import { createHookRunner } from '../../src/hooks/hookRunner.js';
import { STOP_HOOK_FEEDBACK_PREFIX } from '../../src/query/stopHooks.js';
import type { ToolUseContext } from '../../src/tools/Tool.js';
import type { UserMessage } from '../../src/types/messages.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { makeSandbox, type HookSandbox } from '../unit/hooks/helpers.js';
import { fakeTool, makeContext, runQuery, toolResultsOf } from './harness.js';

let box: HookSandbox;
beforeEach(() => {
  box = makeSandbox();
});
afterEach(() => box.cleanup());

function withHooks(config: HooksConfig, agentId?: string): ToolUseContext {
  return {
    ...makeContext(),
    ...(agentId ? { agentId } : {}),
    hooks: createHookRunner({
      config,
      sessionId: () => 'session-1',
      transcriptPath: () => join(box.dir, 't.jsonl'),
      projectDir: box.dir,
    }),
  };
}

const on = (command: string) => [{ hooks: [{ type: 'command' as const, command }] }];
const log = () => join(box.dir, 'calls.log');
const calls = (): Record<string, unknown>[] =>
  readFileSync(log(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

/** Blocks the first stop, lets the model stop once it is told stop_hook_active is set. */
function blockOnceScript(): string {
  return box.script(
    'stop-once.sh',
    `input=$(cat)\necho "$input" >> ${log()}\nif echo "$input" | grep -q '"stop_hook_active":true'; then exit 0; fi\necho "run the tests before stopping" >&2\nexit 2`,
  );
}


describe('Stop hooks', () => {
  it('block once, then allow: feedback goes back to the model and the next stop passes', async () => {
    const run = await runQuery({
      context: withHooks({ Stop: on(blockOnceScript()) }),
      turns: [{ blocks: [text('All done.')] }, { blocks: [text('Tests ran; now done.')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions.map((t) => t.reason)).toEqual(['stop_hook_blocking']);
    expect(run.requests).toHaveLength(2);
    const feedback = run.events.find((e): e is UserMessage => e.type === 'user' && e.isMeta === true);
    expect(feedback?.message.content).toBe(`${STOP_HOOK_FEEDBACK_PREFIX}[${join(box.dir, 'stop-once.sh')}]: run the tests before stopping`);
    expect(JSON.stringify(run.requests[1]?.messages)).toContain('run the tests before stopping');
    expect(calls().map((c) => [c.hook_event_name, c.stop_hook_active])).toEqual([
      ['Stop', false],
      ['Stop', true],
    ]);
    expect(calls()[0]?.last_assistant_message).toBe('All done.');
  });

  it('continue:false ends the loop as stop_hook_prevented', async () => {
    const hook = box.script('halt.sh', `cat > /dev/null\necho '{"continue": false, "stopReason": "budget review"}'`);
    const run = await runQuery({ context: withHooks({ Stop: on(hook) }), turns: [{ blocks: [text('Done.')] }, { blocks: [text('never')] }] });
    expect(run.terminal).toEqual({ reason: 'stop_hook_prevented' });
    expect(run.requests).toHaveLength(1);
    expect(run.events.some((e) => e.type === 'system' && e.content === 'budget review')).toBe(true);
  });

  it('never run after an API error', async () => {
    const hook = box.script('record.sh', `cat >> ${log()}; echo >> ${log()}; exit 2`);
    const run = await runQuery({
      context: withHooks({ Stop: on(hook) }),
      turns: [{ blocks: [], apiError: { kind: 'server_error', text: 'API Error: 500', status: 500 } }],
    });
    expect(run.terminal.reason).not.toBe('stop_hook_prevented');
    expect(run.requests).toHaveLength(1);
    expect(() => readFileSync(log(), 'utf8')).toThrow();
  });

  it('a sub-agent’s loop runs no Stop hooks (its runner owns SubagentStop)', async () => {
    const stop = box.script('stop.sh', `cat >> ${log()}; echo >> ${log()}; exit 2`);
    const run = await runQuery({
      source: 'agent:Explore',
      context: withHooks({ Stop: on(stop), SubagentStop: on(stop) }, 'agent-7'),
      turns: [{ blocks: [text('Found it.')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests).toHaveLength(1);
    expect(() => readFileSync(log(), 'utf8')).toThrow();
  });
});

describe('a tool hook asking to stop', () => {
  it('continue:false in PreToolUse lets the call finish, answers it, and ends the turn as hook_stopped', async () => {
    const hook = box.script('enough.sh', `cat > /dev/null\necho '{"continue": false, "stopReason": "paused by policy"}'`);
    const tool = fakeTool({ name: 'Probe', safe: true, checkPermissions: async () => ({ behavior: 'allow' }) });
    const run = await runQuery({
      tools: [tool],
      context: withHooks({ PreToolUse: on(hook) }),
      turns: [{ blocks: [toolUse('Probe', {}, 'p1')] }, { blocks: [text('never')] }],
    });
    expect(run.terminal).toEqual({ reason: 'hook_stopped' });
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['p1']);
    expect(run.requests).toHaveLength(1);
  });
});
