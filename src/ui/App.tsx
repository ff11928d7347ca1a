// The REPL screen: finished transcript (printed once), the live tail, the spinner, the todo
// list, then either the prompt or a dialog (permission, questions, plan approval), and the footer.
import { Box, useApp } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import { BUILTIN_COMMANDS, type SlashCommand } from '../commands/builtin.js';
import type { PermissionRequest, ReplStore } from '../state/store.js';
import type { PermissionMode } from '../types/permissions.js';
import { Footer } from './components/Footer.js';
import { LiveRegion } from './components/LiveRegion.js';
import { PermissionDialog } from './components/PermissionDialog.js';
import { PlanApprovalDialog } from './components/PlanApprovalDialog.js';
import { PromptInput } from './components/PromptInput.js';
import { QuestionDialog } from './components/QuestionDialog.js';
import { SpinnerLine } from './components/SpinnerLine.js';
import { TodoPanel } from './components/TodoPanel.js';
import { Transcript } from './components/Transcript.js';
import { useGlobalKeys } from './hooks/useGlobalKeys.js';
import { usePromptSubmit, type PromptSubmitExtras } from './hooks/usePromptSubmit.js';
import { useQueryRunner } from './hooks/useQueryRunner.js';
import { ReplStoreContext, useRepl } from './hooks/useReplStore.js';
import { editFileInTerminal } from './runner/externalEditor.js';
import type { TurnRunnerOptions } from './runner/turnRunner.js';
import type { ReplOptions } from './types.js';

export type AppProps = {
  store: ReplStore;
  options: TurnRunnerOptions & Pick<ReplOptions, 'setPermissionMode'> & Partial<Pick<ReplOptions, 'cwd' | 'startupNotices'>>;
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
  const extras = useMemo<PromptSubmitExtras>(
    () => (options.cwd === undefined ? {} : { projectDir: options.cwd, editFile: (path, editor) => editFileInTerminal(path, editor) }),
    [options.cwd],
  );
  const submit = usePromptSubmit(store, runner, commands, exit, extras);
  const interrupt = useCallback(() => runner.interrupt(), [runner]);
  const { setPermissionMode: setSessionMode } = options;
  const setPermissionMode = useCallback(
    (mode: PermissionMode) => {
      setSessionMode(mode);
      store.getState().setPermissionMode(mode);
    },
    [setSessionMode, store],
  );
  useGlobalKeys(store, { interrupt, exit, setPermissionMode: setSessionMode });
  useStartupNotices(store, options.startupNotices);
  const request = useRepl((state) => state.permissionRequest);

  return (
    <Box flexDirection="column">
      <Transcript />
      <LiveRegion />
      <SpinnerLine />
      <TodoPanel />
      {request ? (
        <Dialog request={request} onCancel={interrupt} setPermissionMode={setPermissionMode} />
      ) : (
        <Box marginTop={1} flexDirection="column">
          <PromptInput commands={commands} onSubmit={submit} isActive />
        </Box>
      )}
      <Footer />
    </Box>
  );
}

type DialogProps = { request: PermissionRequest; onCancel: () => void; setPermissionMode: (mode: PermissionMode) => void };

function Dialog({ request, onCancel, setPermissionMode }: DialogProps) {
  if (request.kind === 'question') return <QuestionDialog key={request.toolUseId} request={request} onCancel={onCancel} />;
  if (request.kind === 'plan') {
    return (
      <PlanApprovalDialog key={request.toolUseId} request={request} onCancel={onCancel} setPermissionMode={setPermissionMode} />
    );
  }
  return <PermissionDialog key={request.toolUseId} request={request} onCancel={onCancel} />;
}

function useStartupNotices(store: ReplStore, notices: Promise<string[]> | undefined): void {
  useEffect(() => {
    notices?.then(
      (texts) => {
        for (const text of texts) store.getState().addTranscript({ kind: 'notice', text, tone: 'warning' });
      },
      () => undefined,
    );
  }, [store, notices]);
}
