// The interactive face. The REPL (src/ui/) is loaded with a dynamic import so Ink and React
// never load for --help, --version or print mode.
import { bootstrap } from '../bootstrap/bootstrap.js';
import { bootstrapOptionsFrom } from './bootstrapOptions.js';
import type { CliOptions } from './options.js';
import { PULSE_VERSION } from './version.js';

type ReplModule = Partial<typeof import('../ui/main.js')>;

export async function runInteractive(options: CliOptions, prompt: string | undefined): Promise<number> {
  const ui: ReplModule = await import('../ui/main.js');
  if (typeof ui.runRepl !== 'function') {
    throw new Error('interactive mode is not available yet; use -p "<prompt>" to get a single answer');
  }
  if (prompt?.trim()) {
    throw new Error('a prompt argument needs -p for now: the interactive session cannot take one yet');
  }
  const booted = await bootstrap(bootstrapOptionsFrom(options, false));
  const context = booted.createContext(new AbortController().signal);
  const exitCode = await ui.runRepl({
    tools: booted.tools,
    buildSystemPrompt: booted.buildSystemPrompt,
    context,
    setPermissionMode: booted.setPermissionMode,
    model: booted.model,
    cwd: booted.cwd,
    sessionId: booted.sessionId,
    version: PULSE_VERSION,
    fallbackModel: options.fallbackModel,
    maxTurns: options.maxTurns,
  });
  return typeof exitCode === 'number' ? exitCode : 0;
}
