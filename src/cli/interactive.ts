// The interactive face. The REPL (src/ui/) is loaded with a dynamic import so Ink and React
// never load for --help, --version or print mode.
import { bootstrap } from '../bootstrap/bootstrap.js';
import { bootstrapOptionsFrom } from './bootstrapOptions.js';
import type { CliOptions } from './options.js';
import { PULSE_VERSION } from './version.js';

export async function runInteractive(options: CliOptions, prompt: string | undefined): Promise<number> {
  if (prompt?.trim()) {
    throw new Error('a prompt argument needs -p for now: the interactive session cannot take one yet');
  }
  const booted = await bootstrap(bootstrapOptionsFrom(options, false));
  for (const warning of booted.settingsWarnings) process.stderr.write(`pulse: warning: ${warning}\n`);
  const { runRepl } = await import('../ui/main.js');
  const context = booted.createContext(new AbortController().signal);
  const registry = await booted.commands.registry();
  return runRepl({
    commands: registry.commands,
    resolveInput: booted.commands.resolve,
    startupNotices: Promise.resolve(registry.errors),
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
