// Notification hooks where Claude Code 2.1.332 fires them in its REPL (its permission-prompt timer
// is 6 s, its idle threshold 60 s): driven through the real REPL store with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplStore, type PermissionRequest } from '../../../src/state/store.js';
import { watchForNotifications, type ReplNotification } from '../../../src/ui/notificationWatch.js';

const request = (toolUseId: string, toolName = 'Bash'): PermissionRequest => ({
  toolUseId,
  toolName,
  title: 'touch x',
  input: { command: 'touch x' },
  preview: { kind: 'input', text: 'touch x' },
  ruleSuggestion: { label: 'touch', rules: [] },
  resolve: () => undefined,
});

function watched(env: NodeJS.ProcessEnv = {}) {
  const store = createReplStore();
  const sent: ReplNotification[] = [];
  const stop = watchForNotifications(store, { notify: (notification) => sent.push(notification), env });
  return { store, sent, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Notification hooks in the REPL', () => {
  it('a permission question still open after 6 s tells the hooks once', () => {
    const { store, sent } = watched();
    store.getState().setPermissionRequest(request('toolu_1', 'Write'));
    vi.advanceTimersByTime(5_999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ message: 'Pulse needs your permission to use Write', notification_type: 'permission_prompt' }]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('a question answered in time tells nothing; the next one starts its own wait', () => {
    const { store, sent } = watched();
    store.getState().setPermissionRequest(request('toolu_1'));
    vi.advanceTimersByTime(3_000);
    store.getState().setPermissionRequest(request('toolu_2'));
    vi.advanceTimersByTime(3_000);
    store.getState().setPermissionRequest(null);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });

  it('CLAUDE_CODE_DISABLE_PERMISSION_PROMPT_NOTIFY_HOOKS turns the permission reminder off', () => {
    const { store, sent } = watched({ CLAUDE_CODE_DISABLE_PERMISSION_PROMPT_NOTIFY_HOOKS: '1' });
    store.getState().setPermissionRequest(request('toolu_1'));
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });

  it('the prompt left waiting 60 s after a turn tells the hooks; typing cancels the wait until the next turn ends', () => {
    const { store, sent } = watched();
    // Nothing at start-up: the reference waits for a turn to finish.
    vi.advanceTimersByTime(120_000);
    expect(sent).toEqual([]);
    store.getState().startRun('Thinking', Date.now());
    store.getState().stopRun();
    vi.advanceTimersByTime(59_000);
    store.getState().setDraft({ text: 'h', cursor: 1 });
    vi.advanceTimersByTime(59_000);
    expect(sent).toEqual([]);
    store.getState().startRun('Thinking', Date.now());
    store.getState().stopRun();
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([{ message: 'Pulse is waiting for your input', notification_type: 'idle_prompt' }]);
  });

  it('stops with the REPL: no reminder after it closed', () => {
    const { store, sent, stop } = watched();
    store.getState().setPermissionRequest(request('toolu_1'));
    stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });
});
