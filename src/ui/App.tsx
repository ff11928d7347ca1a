// The REPL screen: finished transcript (printed once), the live tail, the spinner, the todo
// list, then either the prompt or a dialog (permission, questions, plan approval), and the footer.
import { Box, useApp } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BUILTIN_COMMANDS, type SlashCommand } from '../commands/builtin.js';
import type { PermissionRequest, ReplStore } from '../state/store.js';
import type { UserMessage } from '../types/messages.js';
import type { PermissionMode } from '../types/permissions.js';
import type { AnyTool } from '../tools/Tool.js';
import { Footer } from './components/Footer.js';
import { LiveRegion } from './components/LiveRegion.js';
import { useMcpSession } from './components/McpApprovalDialog.js';
import { PermissionDialog } from './components/PermissionDialog.js';
import { PlanApprovalDialog } from './components/PlanApprovalDialog.js';
import { PromptInput } from './components/PromptInput.js';
import { QuestionDialog } from './components/QuestionDialog.js';
import { ResumePicker } from './components/ResumePicker.js';
import { SpinnerLine } from './components/SpinnerLine.js';
import { TodoPanel } from './components/TodoPanel.js';
import { Transcript } from './components/Transcript.js';
import { useCommandServices } from './hooks/useCommandServices.js';
import { useGlobalKeys } from './hooks/useGlobalKeys.js';
import { useLoginScreen } from './hooks/useLoginScreen.js';
import { useChoicePicker } from './hooks/useChoicePicker.js';
import { useInitialPrompt } from './hooks/useInitialPrompt.js';
import { usePromptSubmit, type PromptSubmitExtras } from './hooks/usePromptSubmit.js';
import { useQueryRunner } from './hooks/useQueryRunner.js';
import { ReplStoreContext, useRepl } from './hooks/useReplStore.js';
import { PromptHistory } from './input/history.js';
import { editFileInTerminal } from './runner/externalEditor.js';
import { resumeCommand, showResumedConversation } from './session/resumedConversation.js';
import type { TurnRunnerOptions } from './runner/turnRunner.js';
import type { ReplOptions, ReplSession, ResumeChoice } from './types.js';

export type AppProps = {
  store: ReplStore;
  options: TurnRunnerOptions & Pick<ReplOptions, 'setPermissionMode'> & Partial<Pick<ReplOptions, 'permissionModeCycle' | 'cwd' | 'startupNotices' | 'pickSessionAtStart' | 'mcp' | 'initialPrompt' | 'statusReport'>>;
  commands?: readonly SlashCommand[];
};

export function App(props: AppProps) {
  return (
    <ReplStoreContext.Provider value={props.store}>
      <Repl {...props} />
    </ReplStoreContext.Provider>
  );
}

function Repl({ store, options, commands: baseCommands = BUILTIN_COMMANDS }: AppProps) {
  const { exit: exitInk } = useApp();
  const runner = useQueryRunner(store, options);
  const exit = useCallback(() => {
    runner.interrupt();
    exitInk();
  }, [runner, exitInk]);
  const services = useCommandServices(store, runner, options);
  const login = useLoginScreen(store, options.cwd);
  const picker = useChoicePicker();
  const extras = useMemo<PromptSubmitExtras>(
    () => ({
      ...services,
      login: login.open,
      pick: picker.open,
      ...(options.cwd === undefined ? {} : { projectDir: options.cwd, editFile: (path, editor) => editFileInTerminal(path, editor) }),
    }),
    [options.cwd, services, login.open, picker.open],
  );
  const resume = useResume(store, options.session, options.tools, options.pickSessionAtStart === true, () => options.context.getPermissionContext().mode);
  const commands = useMemo(
    () => (options.session ? [...baseCommands, resumeCommand(resume.open)] : baseCommands),
    [baseCommands, options.session, resume.open],
  );
  const history = usePromptHistory(options.session);
  const shellEnv = useMemo(
    () => ({ context: options.context, record: (message: UserMessage) => options.session?.recordEvent(message) }),
    [options.context, options.session],
  );
  const submit = usePromptSubmit(store, runner, commands, exit, extras, shellEnv);
  useInitialPrompt(submit, options.initialPrompt, resume.choices !== null, history);
  const interrupt = useCallback(() => runner.interrupt(), [runner]);
  const { setPermissionMode: setSessionMode } = options;
  const setPermissionMode = useCallback(
    (mode: PermissionMode) => {
      setSessionMode(mode);
      store.getState().setPermissionMode(mode);
    },
    [setSessionMode, store],
  );
  useGlobalKeys(store, {
    interrupt,
    exit,
    setPermissionMode: setSessionMode,
    ...(options.permissionModeCycle ? { permissionModeCycle: options.permissionModeCycle } : {}),
  });
  useStartupNotices(store, options.startupNotices);
  useSessionNotices(store, options.session);
  const mcpDialog = useMcpSession(store, options.mcp);
  const request = useRepl((state) => state.permissionRequest);
  // What takes the prompt's place: a dialog, a screen or a picker (the first that is open).
  const overlay = request ? (
    <Dialog request={request} onCancel={interrupt} setPermissionMode={setPermissionMode} />
  ) : (
    mcpDialog ??
    login.screen ??
    picker.screen ??
    (resume.choices ? <ResumePicker choices={resume.choices} onPick={resume.pick} onCancel={resume.close} /> : null)
  );

  return (
    <Box flexDirection="column">
      <Transcript />
      <LiveRegion />
      <SpinnerLine />
      <TodoPanel />
      {overlay ?? (
        <Box marginTop={1} flexDirection="column">
          <PromptInput commands={commands} onSubmit={submit} isActive history={history} footer={<Footer />} />
        </Box>
      )}
      {/* A dialog that asks for approval says its own keys, and on a short screen it needs the rows. */}
      {overlay && !request && !mcpDialog && <Footer />}
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

function useSessionNotices(store: ReplStore, session: ReplSession | undefined): void {
  useEffect(
    () => session?.onNotice?.((text) => store.getState().addTranscript({ kind: 'notice', text, tone: 'warning' })),
    [store, session],
  );
}

/** Up-arrow history that outlives the prompt component and remembers prompts across sessions. */
function usePromptHistory(session: ReplSession | undefined): PromptHistory {
  return useMemo(
    () => new PromptHistory(session ? { initial: session.promptHistory(), onAdd: (text) => session.rememberPrompt(text) } : {}),
    [session],
  );
}

type ResumeControls = {
  /** The picker's list while it is open. */
  choices: ResumeChoice[] | null;
  open: () => void;
  close: () => void;
  pick: (sessionId: string) => void;
};

/** The resume picker: open at start for `--resume` without an id, or on `/resume`. */
function useResume(
  store: ReplStore,
  session: ReplSession | undefined,
  tools: readonly AnyTool[],
  atStart: boolean,
  currentMode: () => PermissionMode,
): ResumeControls {
  const [choices, setChoices] = useState<ResumeChoice[] | null>(() => (atStart && session ? session.listSessions() : null));
  const open = useCallback(() => {
    if (!session) return;
    if (store.getState().isRunning) {
      store.getState().notify('Wait for the turn to finish (or press Esc) before /resume.', 'warning');
      return;
    }
    setChoices(session.listSessions().filter((choice) => choice.sessionId !== session.sessionId()));
  }, [session, store]);
  const close = useCallback(() => setChoices(null), []);
  const pick = useCallback(
    (sessionId: string) => {
      setChoices(null);
      if (!session) return;
      try {
        const messages = session.resume(sessionId);
        store.getState().clearConversation();
        showResumedConversation(store, messages, sessionId, tools);
        // The resumed session may bring its own permission mode back.
        store.getState().setPermissionMode(currentMode());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        store.getState().addTranscript({ kind: 'notice', text: `Could not resume ${sessionId}: ${reason}`, tone: 'error' });
      }
    },
    [session, store, tools, currentMode],
  );
  return { choices, open, close, pick };
}
