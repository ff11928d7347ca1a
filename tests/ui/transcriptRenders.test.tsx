// Typing and streaming must not re-render the transcript: its rows are printed once, and a
// long session's history must cost nothing per keystroke.
import { render } from 'ink-testing-library';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import { LiveRegion } from '../../src/ui/components/LiveRegion.js';
import { Transcript } from '../../src/ui/components/Transcript.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { plain, waitFor } from './helpers.js';

describe('what re-renders the transcript', () => {
  it('neither the draft nor the live text does; a new item does', async () => {
    const store = createReplStore();
    for (let turn = 1; turn <= 50; turn++) {
      store.getState().addTranscript({ kind: 'user', text: `prompt ${turn}` }, {
        kind: 'assistant_lines',
        lines: [`answer ${turn}`],
        startsBlock: true,
      });
    }
    let transcriptRenders = 0;
    const { lastFrame } = render(
      <ReplStoreContext.Provider value={store}>
        <Profiler id="transcript" onRender={() => transcriptRenders++}>
          <Transcript />
        </Profiler>
        <LiveRegion />
      </ReplStoreContext.Provider>,
    );
    await waitFor(() => plain(lastFrame()).includes('answer 50'));
    const settled = transcriptRenders;

    let draft = '';
    for (const letter of 'typing a long prompt') {
      draft += letter;
      store.getState().setDraft({ text: draft, cursor: draft.length });
    }
    for (let chunk = 1; chunk <= 20; chunk++) store.getState().setLiveText(`streaming ${chunk}`);
    await waitFor(() => plain(lastFrame()).includes('streaming 20'));
    expect(transcriptRenders).toBe(settled);

    store.getState().addTranscript({ kind: 'notice', text: 'one more', tone: 'dim' });
    await waitFor(() => plain(lastFrame()).includes('one more'));
    expect(transcriptRenders).toBeGreaterThan(settled);
  });
});
