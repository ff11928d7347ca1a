// The REPL's turn runner with prompt hooks: a blocked prompt never reaches the loop, context
// from a hook follows the prompt, and the turn's context can abort its own turn.
import { describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import { createReplStore } from '../../src/state/store.js';
import type { LoopEvent } from '../../src/types/messages.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { TurnRunner } from '../../src/ui/runner/turnRunner.js';
import type { PromptHookResult } from '../../src/ui/types.js';
import { makeToolContext } from '../support/toolContext.js';
import { waitFor } from './helpers.js';

function setup(hookResult: PromptHookResult, body?: (params: QueryParams) => Promise<void>) {
  const store = createReplStore({ permissionMode: 'default' });
  const queries: QueryParams[] = [];
  const prompts: string[] = [];
  const runner = new TurnRunner(store, {
    tools: [],
    buildSystemPrompt: async () => [],
    context: makeToolContext(process.cwd()),
    submitHooks: async (prompt) => {
      prompts.push(prompt);
      return hookResult;
    },
    query: async function* (params): AsyncGenerator<LoopEvent, Terminal> {
      queries.push(params);
      await body?.(params);
      return { reason: 'completed' };
    },
  });
  return { store, runner, queries, prompts };
}

const finished = (store: ReturnType<typeof createReplStore>) => () =>
  !store.getState().isRunning && store.getState().transcript.some((item) => item.kind === 'notice' && item.text.startsWith('✻'));

describe('prompt hooks in the REPL', () => {
  it('a blocked prompt is not sent and the reason is shown', async () => {
    const { store, runner, queries, prompts } = setup({ blocked: 'A UserPromptSubmit hook blocked the prompt: no deploys on Friday', context: [], notices: [] });
    runner.submit('deploy now');
    await waitFor(finished(store));
    expect(prompts).toEqual(['deploy now']);
    expect(queries).toHaveLength(0);
    expect(store.getState().messages).toHaveLength(0);
    const notices = store.getState().transcript.filter((item) => item.kind === 'notice').map((item) => (item.kind === 'notice' ? item.text : ''));
    expect(notices).toContain('A UserPromptSubmit hook blocked the prompt: no deploys on Friday');
  });

  it('hook context follows the prompt into the loop, and warnings are shown', async () => {
    const context = createUserMessage({ content: 'UserPromptSubmit hook additional context:\nticket PULSE-7', isMeta: true });
    const { store, runner, queries } = setup({ context: [context], notices: ['Hook error: lint.sh timed out'] });
    runner.submit('fix the bug');
    await waitFor(finished(store));
    expect(queries).toHaveLength(1);
    const sent = queries[0]?.messages.map((m) => (m.type === 'user' ? m.message.content : m.type));
    expect(sent).toEqual(['fix the bug', 'UserPromptSubmit hook additional context:\nticket PULSE-7']);
    expect(store.getState().transcript.some((item) => item.kind === 'notice' && item.text === 'Hook error: lint.sh timed out')).toBe(true);
  });

  it('the turn’s context can abort the turn (a refusal with interrupt)', async () => {
    let signal: AbortSignal | undefined;
    const { store, runner } = setup({ context: [], notices: [] }, async (params) => {
      signal = params.context.abortSignal;
      params.context.abortTurn?.();
    });
    runner.submit('go');
    await waitFor(finished(store));
    expect(signal?.aborted).toBe(true);
  });
});
