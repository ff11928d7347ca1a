// Renders the prompt editor alone (store, history, a file index) for the input tests.
import { render } from 'ink-testing-library';
import { createReplStore } from '../../src/state/store.js';
import { PromptInput } from '../../src/ui/components/PromptInput.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { FileIndex } from '../../src/ui/input/fileIndex.js';
import { PromptHistory } from '../../src/ui/input/history.js';
import { plain, settle, waitFor } from './helpers.js';

export type PromptHarnessOptions = { history?: string[]; files?: string[] };

export async function renderPrompt(options: PromptHarnessOptions = {}) {
  const store = createReplStore();
  const submitted: string[] = [];
  const history = new PromptHistory({ initial: options.history ?? [] });
  let listings = 0;
  const fileIndex = new FileIndex('/project', {
    list: async () => {
      listings++;
      return options.files ?? [];
    },
  });
  const view = render(
    <ReplStoreContext.Provider value={store}>
      <PromptInput commands={[]} onSubmit={(text) => submitted.push(text)} isActive history={history} fileIndex={fileIndex} />
    </ReplStoreContext.Provider>,
  );
  await settle();
  const frame = (): string => plain(view.lastFrame());
  const draft = (): string => store.getState().draft.text;
  /** Types one key at a time, as a person does, and waits until the draft has caught up. */
  const type = async (text: string): Promise<void> => {
    const before = draft();
    for (const char of text) view.stdin.write(char);
    await waitFor(() => draft() === before + text);
  };
  return { view, store, submitted, history, fileIndex, frame, draft, type, listings: () => listings };
}
