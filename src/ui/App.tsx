// The REPL screen: finished transcript (printed once), the live tail, the spinner, then either
// the prompt or a permission question, and the footer.
import { Box, useApp } from 'ink';
import { useCallback } from 'react';
import { BUILTIN_COMMANDS, type SlashCommand } from '../commands/builtin.js';
import type { ReplStore } from '../state/store.js';
import { Footer } from './components/Footer.js';
import { LiveRegion } from './components/LiveRegion.js';
import { PermissionDialog } from './components/PermissionDialog.js';
import { PromptInput } from './components/PromptInput.js';
import { SpinnerLine } from './components/SpinnerLine.js';
import { Transcript } from './components/Transcript.js';
import { useGlobalKeys } from './hooks/useGlobalKeys.js';
import { usePromptSubmit } from './hooks/usePromptSubmit.js';
import { useQueryRunner } from './hooks/useQueryRunner.js';
import { ReplStoreContext, useRepl } from './hooks/useReplStore.js';
import type { TurnRunnerOptions } from './runner/turnRunner.js';
import type { ReplOptions } from './types.js';

export type AppProps = {
  store: ReplStore;
  options: TurnRunnerOptions & Pick<ReplOptions, 'setPermissionMode'>;
  commands?: readonly SlashCommand[];
};

export function App(props: AppProps) {
  return (
    <ReplStoreContext.Provider value={props.store}>
      <Repl {...props} />
    </ReplStoreContext.Provider>
  );
}

function Repl({ store, options, commands = BUILTIN_COMMANDS }: AppProps) {
  const { exit: exitInk } = useApp();
  const runner = useQueryRunner(store, options);
  const exit = useCallback(() => {
    runner.interrupt();
    exitInk();
  }, [runner, exitInk]);
  const submit = usePromptSubmit(store, runner, commands, exit);
  const interrupt = useCallback(() => runner.interrupt(), [runner]);
  useGlobalKeys(store, { interrupt, exit, setPermissionMode: options.setPermissionMode });
  const request = useRepl((state) => state.permissionRequest);

  return (
    <Box flexDirection="column">
      <Transcript />
      <LiveRegion />
      <SpinnerLine />
      {request ? (
        <PermissionDialog key={request.toolUseId} request={request} onCancel={interrupt} />
      ) : (
        <Box marginTop={1} flexDirection="column">
          <PromptInput commands={commands} onSubmit={submit} isActive />
        </Box>
      )}
      <Footer />
    </Box>
  );
}
