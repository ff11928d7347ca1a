// The commander program: every flag Pulse accepts, with per-value parsing. Cross-flag rules
// live in options.ts so this file stays a plain description of the command line.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EFFORT_LEVELS } from '../api/models.js';
import { addSdkCompatibilityOptions } from './sdk/compatibilityOptions.js';
import { PULSE_VERSION } from './version.js';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export const INPUT_FORMATS = ['text', 'stream-json'] as const;
/** The modes a person may pick; `bubble` is internal to sub-agents. */
export const SELECTABLE_PERMISSION_MODES = [
  'acceptEdits',
  'auto',
  'bypassPermissions',
  'default',
  'dontAsk',
  'plan',
] as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < 1) {
    throw new InvalidArgumentError('Expected a whole number of 1 or more.');
  }
  return parsed;
}

function positiveAmount(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) {
    throw new InvalidArgumentError('Expected an amount in US dollars greater than 0.');
  }
  return parsed;
}

function uuid(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new InvalidArgumentError('Expected a UUID.');
  return value.toLowerCase();
}

export function buildProgram(): Command {
  const program = new Command('pulse')
    .description(
      'Pulse - an agentic coding assistant for your terminal. Starts an interactive session by default; use -p/--print for one answer and exit.',
    )
    .argument('[prompt]', 'What you want Pulse to do')
    .version(`${PULSE_VERSION} (Pulse)`, '-v, --version', 'Print the version number')
    .helpOption('-h, --help', 'Show this help')
    .option('-p, --print', 'Answer the prompt, print the response and exit (for scripts and pipes)')
    .addOption(
      new Option('--output-format <format>', 'Output format with --print').choices(OUTPUT_FORMATS),
    )
    .addOption(
      new Option('--input-format <format>', 'Input format with --print').choices(INPUT_FORMATS),
    )
    .option('--verbose', 'Show more detail (required for --output-format stream-json)')
    .option('--model <model>', "Model for this session: an alias ('opus', 'sonnet', 'haiku', 'fable') or a full name")
    .addOption(
      new Option('--effort <level>', 'How hard the model works on each answer (models that take an effort)').choices(
        EFFORT_LEVELS,
      ),
    )
    .option('--fallback-model <model>', 'Model to switch to when the main model is overloaded (with --print)')
    .option('--max-turns <turns>', 'Stop after this many model turns (with --print)', positiveInteger)
    .option('--max-budget-usd <amount>', 'Stop once the session has cost this much (with --print)', positiveAmount)
    .addOption(
      new Option('--permission-mode <mode>', 'Permission mode for this session').choices(
        SELECTABLE_PERMISSION_MODES,
      ),
    )
    .option('--dangerously-skip-permissions', 'Run every tool without asking. Only for sandboxes.')
    .option(
      '--allow-dangerously-skip-permissions',
      'Make skipping permission checks available without turning it on',
    )
    .option('--enable-auto-mode', 'Offer auto mode (a model reviews what the rules leave open) in the Shift+Tab cycle')
    .option('--allowedTools, --allowed-tools <tools...>', 'Tools or rules to allow, e.g. "Bash(git *)" Edit')
    .option('--disallowedTools, --disallowed-tools <tools...>', 'Tools or rules to deny, e.g. "Bash(rm *)"')
    .option('--tools <tools...>', 'Built-in tools to offer: "" for none, "default" for all, or names like "Read,Edit"')
    .option('--system-prompt <prompt>', "Replace Pulse's default instructions with this text")
    .option('--append-system-prompt <prompt>', 'Add this text to the end of the system prompt')
    .option('--settings <file-or-json>', 'A settings file, or a JSON string, to load on top of the others')
    .option('--agents <json>', 'Sub-agents for this session as JSON: {"name": {"description": "...", "prompt": "..."}}')
    .option('--add-dir <directories...>', 'More directories the tools may work in')
    .option('--plugin-dir <path>', 'Load a plugin from a folder for this session (repeatable)', (value: string, previous: string[] = []) => [...previous, value])
    .option('--include-partial-messages', 'Also print raw stream events (with --print and stream-json)')
    .option('--include-hook-events', 'Also print every hook starting and answering (with stream-json output)')
    .option('-c, --continue', 'Continue the most recent conversation in this directory')
    .option('-r, --resume [sessionId]', 'Resume a conversation by session id')
    .option('--session-id <uuid>', 'Use this session id (a UUID)', uuid)
    .option('--no-session-persistence', 'Do not save this session to disk (with --print)')
    .option('--permission-prompt-tool <tool>', 'An MCP tool that answers permission prompts (with --print)')
    .option('--mcp-config <configs...>', 'MCP servers from JSON files or strings')
    .option('--strict-mcp-config', 'Use only the MCP servers given with --mcp-config')
    .option('--replay-user-messages', 'Echo user messages read from stdin back on stdout (stream-json)')
    .option('--fork-session', 'With --continue or --resume: continue under a new session id, leaving the original as it was')
    .option('--setting-sources <sources>', 'Which settings files to read: a comma list of user, project, local')
    .exitOverride()
    .configureOutput({ outputError: () => undefined });
  addSdkCompatibilityOptions(program);
  return program;
}

export type ParsedCommandLine =
  | { kind: 'exit'; code: number }
  | { kind: 'run'; prompt: string | undefined; raw: Record<string, unknown> };

/** Parses argv; help and version print and end here, usage errors throw one-line errors. */
export function parseCommandLine(args: string[]): ParsedCommandLine {
  const program = buildProgram();
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return { kind: 'exit', code: 0 };
    throw new Error(error.message);
  }
  const prompt = program.processedArgs[0] as string | undefined;
  return { kind: 'run', prompt, raw: program.opts() };
}
