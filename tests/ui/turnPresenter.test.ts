import { describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import type { SystemMessage } from '../../src/types/messages.js';
import { stripAnsi } from '../../src/ui/markdown/ansi.js';
import { FramePacer } from '../../src/ui/runner/framePacer.js';
import { TurnPresenter } from '../../src/ui/runner/turnPresenter.js';
import { waitFor } from './helpers.js';
import { assistantText, messageDelta, messageStart, textBlockStart, textDelta, toolResult, toolUse } from './loopEvents.js';

function setup() {
  const store = createReplStore();
  store.getState().startRun('Testing', 0);
  const presenter = new TurnPresenter(store, []);
  const committedText = (): string[] =>
    store
      .getState()
      .transcript.flatMap((item) => (item.kind === 'assistant_lines' ? item.lines.map(stripAnsi) : []));
  return { store, presenter, committedText };
}

describe('TurnPresenter', () => {
  it('coalesces a burst of deltas into one flush of the store', async () => {
    const { store, presenter } = setup();
    let liveUpdates = 0;
    store.subscribe((state, previous) => {
      if (state.liveText !== previous.liveText) liveUpdates++;
    });
    presenter.handle(textBlockStart());
    for (let i = 0; i < 200; i++) presenter.handle(textDelta('x'));
    expect(store.getState().liveText).toBe('');
    await waitFor(() => store.getState().liveText.length === 200);
    expect(liveUpdates).toBe(1);
  });

  it('waits as long as the pacer says and tells it how much text each frame carried', async () => {
    const store = createReplStore();
    const drawn: number[] = [];
    const pacer = new (class extends FramePacer {
      override nextInterval(): number {
        return 5;
      }
      override drew(chars: number): void {
        drawn.push(chars);
      }
    })();
    const presenter = new TurnPresenter(store, [], pacer);
    presenter.handle(textBlockStart());
    presenter.handle(textDelta('one\ntw'));
    presenter.handle(textDelta('o'));
    await waitFor(() => store.getState().liveText === 'two');
    expect(drawn).toEqual([7]);
  });

  it('commits whole lines and leaves the partial one live', async () => {
    const { store, presenter, committedText } = setup();
    presenter.handle(textBlockStart());
    presenter.handle(textDelta('First line\nSecond'));
    await waitFor(() => store.getState().liveText === 'Second');
    expect(committedText()).toEqual(['First line']);
    presenter.handle(assistantText('First line\nSecond'));
    expect(committedText()).toEqual(['First line', 'Second']);
    expect(store.getState().liveText).toBe('');
    expect(store.getState().messages).toHaveLength(1);
  });

  it('draws an assistant message that arrives without streaming', () => {
    const { presenter, committedText, store } = setup();
    presenter.handle(assistantText('# Done\n\n- one'));
    expect(committedText()).toEqual(['Done', '', '• one']);
    const first = store.getState().transcript[0];
    expect(first?.kind === 'assistant_lines' && first.startsBlock).toBe(true);
  });

  it('tracks output tokens from the stream for the spinner', () => {
    const { store, presenter } = setup();
    presenter.handle(messageStart());
    presenter.handle(messageDelta(40));
    presenter.handle(messageStart());
    presenter.handle(messageDelta(2));
    expect(store.getState().spinner?.outputTokens).toBe(42);
  });

  it('keeps a tool call live until its result, then commits both together', () => {
    const { store, presenter } = setup();
    presenter.handle(toolUse('toolu_9', 'Grep', { pattern: 'x' }));
    expect(store.getState().activeToolUses).toEqual([{ id: 'toolu_9', title: 'Grep' }]);
    presenter.handle(toolResult('toolu_9', 'No matches', undefined, true));
    expect(store.getState().activeToolUses).toEqual([]);
    expect(store.getState().transcript.at(-1)).toMatchObject({
      kind: 'tool',
      title: 'Grep',
      summary: 'No matches',
      isError: true,
    });
  });

  it('a tombstone withdraws the message and its pending tool call', () => {
    const { store, presenter } = setup();
    const doomed = toolUse('toolu_7', 'Bash', { command: 'ls' });
    presenter.handle(doomed);
    presenter.handle({ type: 'tombstone', message: doomed });
    expect(store.getState().messages).toEqual([]);
    expect(store.getState().activeToolUses).toEqual([]);
  });

  it('shows retries as one transient note that the turn end removes', () => {
    const { store, presenter } = setup();
    const retry = (attempt: number): SystemMessage => ({
      type: 'system',
      subtype: 'api_retry',
      uuid: `r${attempt}`,
      timestamp: '',
      content: `retrying (attempt ${attempt})`,
    });
    presenter.handle(retry(1));
    presenter.handle(retry(2));
    expect(store.getState().notifications.map((n) => n.text)).toEqual(['retrying (attempt 2)']);
    presenter.close();
    expect(store.getState().notifications).toEqual([]);
  });
});
