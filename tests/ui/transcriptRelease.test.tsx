// The transcript lets go of items once <Static> has printed them, without losing or repeating
// any on screen.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import { RELEASE_PRINTED_AFTER, Transcript } from '../../src/ui/components/Transcript.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { plain, waitFor } from './helpers.js';

const note = (index: number) => ({ kind: 'notice' as const, text: `note number ${index}.`, tone: 'info' as const });

describe('releasing printed transcript items', () => {
  it('prints every item once and keeps the store small', async () => {
    const store = createReplStore();
    const { lastFrame } = render(
      <ReplStoreContext.Provider value={store}>
        <Transcript />
      </ReplStoreContext.Provider>,
    );
    // The test renderer writes all static output so far with every frame.
    const shown = (): string => plain(lastFrame());
    const total = RELEASE_PRINTED_AFTER * 3 + 7;
    for (let index = 1; index <= total; index++) {
      store.getState().addTranscript(note(index));
      // Let React commit and run the release effect between some of the additions.
      if (index % 25 === 0) await waitFor(() => shown().includes(`note number ${index}.`));
    }
    await waitFor(() => shown().includes(`note number ${total}.`));

    for (let index = 1; index <= total; index++) {
      expect(shown().split(`note number ${index}.`)).toHaveLength(2);
    }
    expect(store.getState().transcript.length).toBeLessThan(RELEASE_PRINTED_AFTER);
  });

  it('ignores a release for items that /clear has already dropped', () => {
    const store = createReplStore();
    store.getState().addTranscript(note(1), note(2));
    const printed = store.getState().transcript[1]?.id ?? '';
    store.getState().clearConversation();
    store.getState().addTranscript(note(3));
    store.getState().releasePrinted(printed);
    expect(store.getState().transcript).toMatchObject([{ text: 'note number 3.' }]);
  });
});
