// Built-in slash commands. Each command is a small object; the REPL only parses `/name args`,
// looks the name up here and calls `run` with what the command may do to the session.
import { session } from '../state/session.js';
import { formatCostReport } from './cost.js';

/** What a command may do. The REPL supplies it; print mode can supply its own later. */
export type CommandContext = {
  /** Shows text in the transcript (not sent to the model). */
  print(text: string): void;
  /** Forgets the conversation; the session id and totals stay. */
  clearConversation(): void;
  exit(): void;
  /** Every command available, for /help. */
  commands: readonly SlashCommand[];
};

export type SlashCommand = {
  name: string;
  description: string;
  aliases?: readonly string[];
  run(ctx: CommandContext, args: string): void | Promise<void>;
};

const help: SlashCommand = {
  name: 'help',
  description: 'List the slash commands and keys',
  run(ctx) {
    const width = Math.max(...ctx.commands.map((command) => command.name.length)) + 2;
    const lines = ctx.commands.map((command) => `  /${command.name.padEnd(width)}${command.description}`);
    ctx.print(
      [
        'Commands:',
        ...lines,
        '',
        'Keys: Enter send · \\+Enter or Ctrl+J new line · Esc interrupt · Shift+Tab change mode · Ctrl+D quit',
      ].join('\n'),
    );
  },
};

const clear: SlashCommand = {
  name: 'clear',
  description: 'Start over with an empty conversation',
  aliases: ['reset', 'new'],
  run(ctx) {
    ctx.clearConversation();
  },
};

const exit: SlashCommand = {
  name: 'exit',
  description: 'Leave Pulse',
  aliases: ['quit'],
  run(ctx) {
    ctx.exit();
  },
};

const cost: SlashCommand = {
  name: 'cost',
  description: 'Show what this session has cost so far',
  run(ctx) {
    ctx.print(formatCostReport(session, Date.now()));
  },
};

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [help, clear, cost, exit];

export function findCommand(commands: readonly SlashCommand[], name: string): SlashCommand | undefined {
  const wanted = name.toLowerCase();
  return commands.find((command) => command.name === wanted || command.aliases?.includes(wanted));
}

/** Commands whose name starts with what was typed after the slash, for the menu. */
export function filterCommands(commands: readonly SlashCommand[], typed: string): SlashCommand[] {
  const prefix = typed.replace(/^\//, '').toLowerCase();
  return commands.filter(
    (command) => command.name.startsWith(prefix) || command.aliases?.some((alias) => alias.startsWith(prefix)),
  );
}

/** `/name rest of line` -> name and args; anything else is not a command. */
export function parseSlashInput(text: string): { name: string; args: string } | undefined {
  const match = /^\/([\w:-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  return { name: match[1], args: match[2]?.trim() ?? '' };
}
