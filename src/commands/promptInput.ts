// What a typed prompt becomes: plain text for the model, a prompt command's expansion (custom
// commands, skills, /init), or a local command the face runs itself. The REPL, print mode and
// the SDK all go through here, so `/review src/auth` means the same everywhere.
import type { RuleValue } from '../types/permissions.js';
import { findCommand, parseSlashInput } from './builtin.js';
import type { LocalCommand, PromptEnv, SlashCommand } from './types.js';

/** One turn's input: the text sent, plus what a command adds for that turn only. */
export type PromptTurn = {
  prompt: string;
  /** Session allow rules that hold for this turn only (a command's `allowed-tools`). */
  allowedRules: RuleValue[];
  /** The model for this turn only (a command's `model`). */
  model?: string;
  /** `/name` when the text came from a command. */
  commandName?: string;
};

export type ResolvedInput = { kind: 'prompt'; turn: PromptTurn } | { kind: 'local'; command: LocalCommand; args: string };

export async function resolvePromptInput(
  text: string,
  commands: readonly SlashCommand[],
  env: PromptEnv,
): Promise<ResolvedInput> {
  const plain: ResolvedInput = { kind: 'prompt', turn: { prompt: text, allowedRules: [] } };
  const slash = parseSlashInput(text);
  if (!slash) return plain;
  const command = findCommand(commands, slash.name);
  if (!command) return plain;
  if (command.type !== 'prompt') return { kind: 'local', command, args: slash.args };
  const expanded = await command.getPrompt(slash.args, env);
  return { kind: 'prompt', turn: { ...expanded, commandName: command.name } };
}
