// The interactive face. The REPL (src/ui/) is loaded with a dynamic import so Ink and React
// never load for --help, --version or print mode.
import { MissingApiKeyError } from '../api/errors.js';
import { bootstrap, type BootstrapOptions, type Bootstrapped } from '../bootstrap/bootstrap.js';
import { thinkingForBudget } from '../query/thinking.js';
import { lockedWorkSettled } from '../utils/fileLock.js';
import { mcpReplBridge } from '../mcp/replBridge.js';
import { bootstrapOptionsFrom } from './bootstrapOptions.js';
import { hookSiteFor, runNotificationHooks, runPromptSubmitHooks, runSessionEndHooks, runSessionStartHooks } from './hooksSetup.js';
import type { CliOptions } from './options.js';
import { cleanupTranscriptsInBackground } from './session/backgroundCleanup.js';
import { exitOnSignals } from './signals.js';
import { openLiveSession, planSession, sessionCwd, withSessionFiles } from './session/openSession.js';
import { createReplSession } from './session/replSession.js';
import { holdTerminal, type HeldTerminal } from './heldTerminal.js';
import { gatherStatus } from './statusReport.js';
import { PULSE_VERSION } from './version.js';
import { confirmWorkspaceTrust } from './workspaceTrust.js';

/**
 * Ink decides once, when it loads, whether it runs under CI (a `CI` or `CONTINUOUS_INTEGRATION`
 * variable) and then draws only the last frame; chalk decides its colour level at the same time,
 * and any `CI` variable at all, even `CI=false`, turns colours off. A person at a terminal is in
 * neither mode, so both variables are removed while Ink loads and put back at once: the commands
 * Pulse runs still see them.
 */
async function loadReplOutsideCiMode(): Promise<typeof import('../ui/main.js')> {
  const hidden = ['CI', 'CONTINUOUS_INTEGRATION'].map((name) => [name, process.env[name]] as const);
  for (const [name] of hidden) delete process.env[name];
  try {
    return await import('../ui/main.js');
  } finally {
    for (const [name, value] of hidden) if (value !== undefined) process.env[name] = value;
  }
}

/**
 * First run: with no key anywhere, start-up stops before anything is connected; the key screen
 * stores one and start-up runs again. Cancelling it ends Pulse with the usual missing-key line.
 */
async function bootstrapWithKeyScreen(bootOptions: BootstrapOptions, terminal: HeldTerminal): Promise<Bootstrapped> {
  try {
    return await bootstrap(bootOptions);
  } catch (error) {
    if (!(error instanceof MissingApiKeyError)) throw error;
    const { runFirstRunOnboarding } = await loadReplOutsideCiMode();
    if (!(await terminal.ask(() => runFirstRunOnboarding({ cwd: sessionCwd() })))) throw error;
    return bootstrap(bootOptions);
  }
}

export async function runInteractive(options: CliOptions, prompt: string | undefined): Promise<number> {
  const terminal = holdTerminal();
  try {
    return await startRepl(options, prompt, terminal);
  } finally {
    terminal.restore();
  }
}

async function startRepl(options: CliOptions, prompt: string | undefined, terminal: HeldTerminal): Promise<number> {
  if (!(await confirmWorkspaceTrust(sessionCwd(), loadReplOutsideCiMode, terminal))) return 1;
  const plan = planSession(options, sessionCwd());
  const booted = await bootstrapWithKeyScreen({ ...bootstrapOptionsFrom(options, false), sessionId: plan.sessionId }, terminal);
  const { runRepl } = await loadReplOutsideCiMode();
  exitOnSignals();
  // Its notices (write failures, repairs) are shown in the REPL's transcript: stderr would tear its screen.
  const live = openLiveSession(options, booted, plan);
  const resumedMessages = live.resume();
  const context = withSessionFiles(booted.createContext(new AbortController().signal), live);
  const registry = await booted.commands.registry();
  // Synchronous file work, but nothing waits on a request yet: it runs before the first prompt.
  cleanupTranscriptsInBackground(booted.cwd);
  const started = await runSessionStartHooks(booted.hooks, 'startup', booted.model, hookSiteFor(context));
  terminal.handOver();
  return runRepl({
    commands: registry.commands,
    resolveInput: booted.commands.resolve,
    // Broken settings files were left out; the REPL says so instead of stopping.
    startupNotices: booted
      .memoryWarnings()
      .then((memory) => [...booted.settingsWarnings, ...(booted.modelNotice ? [booted.modelNotice] : []), ...registry.errors, ...started.notices, ...memory]),
    sessionContext: started.context,
    submitHooks: (prompt, signal) => runPromptSubmitHooks(booted.hooks, prompt, { ...hookSiteFor(context), signal }),
    notify: (notification) => void runNotificationHooks(booted.hooks, notification, hookSiteFor(context)),
    onExit: async () => {
      for (const notice of await runSessionEndHooks(booted.hooks, 'prompt_input_exit', hookSiteFor(context))) {
        process.stderr.write(`pulse: warning: ${notice}\n`);
      }
    },
    tools: booted.tools,
    buildSystemPrompt: booted.buildSystemPrompt,
    context,
    setPermissionMode: (mode) => {
      booted.setPermissionMode(mode);
      live.recordMode(mode);
    },
    permissionModeCycle: booted.permissionModeCycle,
    model: booted.model,
    cwd: booted.cwd,
    sessionId: live.sessionId,
    session: createReplSession(live, context, options.sessionPersistence),
    resumedMessages,
    pickSessionAtStart: plan.pickSession,
    mcp: mcpReplBridge(booted.mcp),
    version: PULSE_VERSION,
    fallbackModel: booted.fallbackModel,
    maxTurns: options.maxTurns,
    thinking: thinkingForBudget(options.maxThinkingTokens),
    ...(prompt?.trim() ? { initialPrompt: prompt } : {}),
    statusReport: () =>
      gatherStatus({ booted, version: PULSE_VERSION, sessionId: () => live.sessionId, flagSettings: options.settings }),
  }).finally(async () => {
    live.close();
    // The prompt history and "don't ask again" rules written just before leaving must land.
    await lockedWorkSettled();
  });
}
