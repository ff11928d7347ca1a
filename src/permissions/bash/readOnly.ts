// Whether a command only looks, wherever it runs: the tool pool uses it to run read-only Bash
// calls side by side. Which files they may look at is the permission engine's question.
import { factsOf } from './facts.js';
import { MAX_COMMAND_LENGTH, MAX_SUBCOMMANDS } from './limits.js';
import { analyzeScript } from './script.js';

export function isReadOnlyCommand(command: string, cwd: string = process.cwd()): boolean {
  if (command.trim() === '' || command.length > MAX_COMMAND_LENGTH) return false;
  const script = analyzeScript(command, cwd);
  if (script.problems.length > 0 || script.segments.length === 0 || script.segments.length > MAX_SUBCOMMANDS) return false;
  return script.segments.every((segment) => factsOf(segment).readOnly);
}
