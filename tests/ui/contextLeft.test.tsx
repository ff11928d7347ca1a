// The footer's low-context warning: the turn runner measures the room left after each turn the
// way auto-compaction does, and the footer speaks up only below 20%.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { contextStatus } from '../../src/compact/thresholds.js';
import type { Terminal } from '../../src/query/state.js';
import { createReplStore } from '../../src/state/store.js';
import type { AssistantMessage, LoopEvent } from '../../src/types/messages.js';
import { Footer } from '../../src/ui/components/Footer.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { TurnRunner } from '../../src/ui/runner/turnRunner.js';
import { makeToolContext } from '../support/toolContext.js';
import { plain, settle, waitFor } from './helpers.js';
import { assistantText } from './loopEvents.js';

function withInputTokens(message: AssistantMessage, inputTokens: number): AssistantMessage {
  return { ...message, message: { ...message.message, usage: { ...message.message.usage, input_tokens: inputTokens } } };
}

async function footerWith(contextLeftPercent: number | null): Promise<string> {
  const store = createReplStore({ contextLeftPercent });
  const view = render(
    <ReplStoreContext.Provider value={store}>
      <Footer />
    </ReplStoreContext.Provider>,
  );
  await settle();
  const frame = plain(view.lastFrame());
  view.unmount();
  return frame;
}

describe('context left', () => {
  it('is measured after each turn from the usage the model reported', async () => {
    const store = createReplStore();
    const runner = new TurnRunner(store, {
      tools: [],
      buildSystemPrompt: async () => [],
      context: makeToolContext(process.cwd()),
      query: async function* (): AsyncGenerator<LoopEvent, Terminal> {
        yield withInputTokens(assistantText('A long session.'), 150_000);
        return { reason: 'completed' };
      },
    });
    expect(store.getState().contextLeftPercent).toBeNull();
    runner.submit('go on');
    await waitFor(() => store.getState().contextLeftPercent !== null && !store.getState().isRunning);
    const left = store.getState().contextLeftPercent ?? 100;
    expect(left).toBeLessThan(20);
    expect(left).toBe(contextStatus(150_000 + 5, 'test').percentLeft);
    store.getState().clearConversation();
    expect(store.getState().contextLeftPercent).toBeNull();
  });

  it('shows in the footer only when under 20%', async () => {
    expect(await footerWith(12)).toContain('Context left until auto-compact: 12%');
    expect(await footerWith(45)).not.toContain('Context left');
    expect(await footerWith(null)).not.toContain('Context left');
  });
});
