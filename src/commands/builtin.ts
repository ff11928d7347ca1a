// Built-in slash commands and the lookups over the whole registry (built-ins, custom commands,
// skills). Each command is a small object; the REPL only parses `/name args`, looks the name up
// here and either calls `run` or sends the command's prompt to the model.
import { session } from '../state/session.js';
import { contextCommand } from './context.js';
import { formatCostReport } from './cost.js';
import { initCommand } from './init.js';
import { loginCommand, logoutCommand } from './login.js';
import { memoryCommand } from './memory.js';
import { modelCommand } from './model.js';
import { effortCommand } from './effort.js';
import { permissionsCommand } from './permissions.js';
import { statusCommand } from './status.js';
import type { LocalCommand, SlashCommand } from './types.js';

export type { CommandContext, LocalCommand, PromptCommand, SlashCommand } from './types.js';

const help: LocalCommand = {
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

const clear: LocalCommand = {
  name: 'clear',
  description: 'Start over with an empty conversation',
  aliases: ['reset', 'new'],
  run(ctx) {
    ctx.clearConversation();
  },
};

const exit: LocalCommand = {
  name: 'exit',
  description: 'Leave Pulse',
  aliases: ['quit'],
  run(ctx) {
    ctx.exit();
  },
};

const cost: LocalCommand = {
  name: 'cost',
  description: 'Show what this session has cost so far',
  run(ctx) {
    ctx.print(formatCostReport(session, Date.now()));
  },
};

/** Print mode and the SDK run it themselves (it needs the loop's model), so they look it up by this. */
export const COMPACT_COMMAND_NAME = 'compact';

const compact: LocalCommand = {
  name: COMPACT_COMMAND_NAME,
  description: 'Summarise the conversation so far to free up context (add instructions to steer the summary)',
  argumentHint: '[instructions]',
  async run(ctx, args) {
    if (!ctx.compact) {
      ctx.print('Compaction is not available here.');
      return;
    }
    await ctx.compact(args);
  },
};

/** The instructions of a `/compact [instructions]` prompt, or undefined for any other text. */
export function compactInstructionsOf(text: string): string | undefined {
  const slash = parseSlashInput(text);
  return slash?.name.toLowerCase() === COMPACT_COMMAND_NAME ? slash.args : undefined;
}

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  help,
  clear,
  compact,
  contextCommand,
  cost,
  effortCommand,
  initCommand,
  loginCommand,
  logoutCommand,
  memoryCommand,
  modelCommand,
  permissionsCommand,
  statusCommand,
  exit,
];

export function findCommand(commands: readonly SlashCommand[], name: string): SlashCommand | undefined {
  const wanted = name.toLowerCase();
  return commands.find((command) => command.name.toLowerCase() === wanted || command.aliases?.includes(wanted));
}

/** Commands whose name starts with what was typed after the slash, for the menu. */
export function filterCommands(commands: readonly SlashCommand[], typed: string): SlashCommand[] {
  const prefix = typed.replace(/^\//, '').toLowerCase();
  return commands.filter(
    (command) =>
      command.name.toLowerCase().startsWith(prefix) || command.aliases?.some((alias) => alias.startsWith(prefix)),
  );
}

/** `/name rest of line` -> name and args; anything else is not a command. */
export function parseSlashInput(text: string): { name: string; args: string } | undefined {
  const match = /^\/([\w:-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  return { name: match[1], args: match[2]?.trim() ?? '' };
}
