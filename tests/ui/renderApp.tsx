// The REPL's App on a fresh store, for the ink-testing-library tests: a test names the query and
// whatever else it cares about; the rest is a quiet default (no tools, a one-line system prompt,
// a tool context in `cwd`, permission-mode changes ignored).
import { render } from 'ink-testing-library';
import { createReplStore, type ReplStore } from '../../src/state/store.js';
import { App, type AppProps } from '../../src/ui/App.js';
import { makeToolContext } from '../support/toolContext.js';

type AppOptions = AppProps['options'];

export function renderApp(
  options: Pick<AppOptions, 'query'> & Partial<AppOptions>,
  commands?: AppProps['commands'],
): { store: ReplStore; view: ReturnType<typeof render> } {
  const store = createReplStore();
  const view = render(
    <App
      store={store}
      options={{
        tools: [],
        buildSystemPrompt: async () => ['You are a test.'],
        context: makeToolContext(options.cwd ?? process.cwd()),
        setPermissionMode: () => undefined,
        ...options,
      }}
      {...(commands ? { commands } : {})}
    />,
  );
  return { store, view };
}
