// The shapes every slash command shares: built-ins that act inside Pulse (local) and commands whose
// text goes to the model (prompt: custom `.md` commands, skills, /init).
import type { LoginOutcome } from '../auth/loginActions.js';
import type { PermissionUpdate, RuleValue, ToolPermissionContext } from '../types/permissions.js';
import type { ContextParts } from './context.js';
import type { StatusReport } from './status.js';

/** What a local command may do. The REPL supplies it. */
export type CommandContext = {
  /** Shows text in the transcript (not sent to the model). */
  print(text: string): void;
  /** Forgets the conversation; the session id and totals stay. */
  clearConversation(): void;
  exit(): void;
  /** Every command available, for /help. */
  commands: readonly SlashCommand[];
  /** The directory Pulse started in: where the project memory file lives. */
  projectDir?: string;
  /** Opens a file in the user's editor and resolves when it closes (the REPL pauses meanwhile). */
  editFile?(path: string, editor: string): Promise<void>;
  /** Summarises the conversation now, with the person's extra instructions (`/compact`). */
  compact?(instructions: string): Promise<void>;
  /** The main model: read it, or switch it from the next turn on (`/model`). */
  model?: { current(): string; set(model: string): void };
  /** Opens a list to choose from (`/model`, `/effort` alone); resolves with the id, or undefined if cancelled. */
  pick?(request: PickerRequest): Promise<string | undefined>;
  /** What `/status` shows about the running session. */
  status?(): Promise<StatusReport>;
  /** What the next request would carry, for `/context` to measure. */
  contextParts?(): Promise<ContextParts>;
  /** Opens the key screen (`/login`); resolves with what was stored, or undefined if cancelled. */
  login?(): Promise<LoginOutcome | undefined>;
  /** The live permission rules and the one way to change them (`/permissions`). */
  permissions?: {
    get(): ToolPermissionContext;
    update(updates: readonly PermissionUpdate[]): Promise<void>;
  };
};

/** One line of a picker: what a person reads and the id it stands for. */
export type PickerChoice = { label: string; id: string; detail: string };

/** What a picker shows: its title, what is in use (its id, and in words), the lines and the keys' words. */
export type PickerRequest = {
  title: string;
  current: string;
  inUse: string;
  choices: readonly PickerChoice[];
  /** What Enter does: "switch". */
  pickVerb: string;
  /** What Esc does: "keep the current model". */
  keepText: string;
};

/** Where a command came from; decides precedence and the menu's label. */
export type CommandSource = 'builtin' | 'project' | 'user' | 'plugin' | 'mcp';

/** A plugin's folder of commands or skills: what it holds is named `<plugin>:<name>`. */
export type PluginFolder = { dir: string; plugin: string };

type CommandBase = {
  name: string;
  description: string;
  aliases?: readonly string[];
  /** Shown after the name in the menu: `<file> [focus]`. */
  argumentHint?: string;
};

export type LocalCommand = CommandBase & {
  type?: 'local';
  /** Also runs in print and SDK sessions, where what it prints becomes the result. */
  headless?: boolean;
  run(ctx: CommandContext, args: string): void | Promise<void>;
};

/** What a prompt command needs to build its text. */
export type PromptEnv = {
  cwd: string;
  /** The session's permission context: `!` commands are checked against its deny rules too. */
  permissionContext: ToolPermissionContext;
  /** Stops a running `!` command. */
  signal?: AbortSignal;
};

/** A prompt command's turn: the text sent, rules allowed for that turn, its model. */
export type CommandPrompt = {
  prompt: string;
  /** From `allowed-tools`: session allow rules for this turn only. */
  allowedRules: RuleValue[];
  /** From `model`: the model for this turn only. */
  model?: string;
};

export type PromptCommand = CommandBase & {
  type: 'prompt';
  source: CommandSource;
  /** A skill (from a SKILL.md) rather than a command file. */
  isSkill?: boolean;
  /** The file it was read from (a command's `.md`, a skill's SKILL.md), for clash reports. */
  path?: string;
  /** Leaves the command out of what the Skill tool offers the model. */
  disableModelInvocation?: boolean;
  getPrompt(args: string, env: PromptEnv): Promise<CommandPrompt>;
};

export type SlashCommand = LocalCommand | PromptCommand;

export function isPromptCommand(command: SlashCommand): command is PromptCommand {
  return command.type === 'prompt';
}
