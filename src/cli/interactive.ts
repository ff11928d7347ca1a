// The interactive face. The REPL (src/ui/) is loaded with a dynamic import so Ink and React
// never load for --help, --version or print mode.
import { bootstrap } from '../bootstrap/bootstrap.js';
import { bootstrapOptionsFrom } from './bootstrapOptions.js';
import { hookSiteFor, runPromptSubmitHooks, runSessionEndHooks, runSessionStartHooks } from './hooksSetup.js';
import type { CliOptions } from './options.js';
import { PULSE_VERSION } from './version.js';

export async function runInteractive(options: CliOptions, prompt: string | undefined): Promise<number> {
  if (prompt?.trim()) {
    throw new Error('a prompt argument needs -p for now: the interactive session cannot take one yet');
  }
  const booted = await bootstrap(bootstrapOptionsFrom(options, false));
  const { runRepl } = await import('../ui/main.js');
  const context = booted.createContext(new AbortController().signal);
  const registry = await booted.commands.registry();
  const started = await runSessionStartHooks(booted.hooks, 'startup', booted.model, hookSiteFor(context));
  return runRepl({
    commands: registry.commands,
    resolveInput: booted.commands.resolve,
    // Broken settings files were left out; the REPL says so instead of stopping.
    startupNotices: booted
      .memoryWarnings()
      .then((memory) => [...booted.settingsWarnings, ...registry.errors, ...started.notices, ...memory]),
    sessionContext: started.context,
    submitHooks: (prompt, signal) => runPromptSubmitHooks(booted.hooks, prompt, { ...hookSiteFor(context), signal }),
    onExit: async () => {
      for (const notice of await runSessionEndHooks(booted.hooks, 'prompt_input_exit', hookSiteFor(context))) {
        process.stderr.write(`pulse: warning: ${notice}\n`);
      }
    },
    tools: booted.tools,
    buildSystemPrompt: booted.buildSystemPrompt,
    context,
    setPermissionMode: booted.setPermissionMode,
    model: booted.model,
    cwd: booted.cwd,
    sessionId: booted.sessionId,
    version: PULSE_VERSION,
    fallbackModel: booted.fallbackModel,
    maxTurns: options.maxTurns,
  });
}
