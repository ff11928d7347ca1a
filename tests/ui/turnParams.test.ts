// What the REPL's turn runner hands the loop besides the prompt: the token budget a prompt asks
// for ("+500k") and the session's thinking setting.
import { describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import { createReplStore } from '../../src/state/store.js';
import type { LoopEvent } from '../../src/types/messages.js';
import { TurnRunner } from '../../src/ui/runner/turnRunner.js';
import { makeToolContext } from '../support/toolContext.js';
import { waitFor } from './helpers.js';

describe('turn parameters', () => {
  it('passes the prompt’s token budget and the thinking setting to the loop', async () => {
    const store = createReplStore({ permissionMode: 'default' });
    const queries: QueryParams[] = [];
    const runner = new TurnRunner(store, {
      tools: [],
      buildSystemPrompt: async () => [],
      context: makeToolContext(process.cwd()),
      thinking: { type: 'enabled', budgetTokens: 4_000 },
      query: async function* (params): AsyncGenerator<LoopEvent, Terminal> {
        queries.push(params);
        return { reason: 'completed' };
      },
    });
    runner.submit('+500k refactor the parser');
    await waitFor(() => queries.length === 1 && !store.getState().isRunning);
    runner.submit('just a question');
    await waitFor(() => queries.length === 2 && !store.getState().isRunning);
    expect(queries.map((q) => q.tokenBudget)).toEqual([500_000, undefined]);
    expect(queries[0]?.thinking).toEqual({ type: 'enabled', budgetTokens: 4_000 });
  });
});
