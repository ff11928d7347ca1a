// `pulse mcp list | get | add | remove`: manage MCP servers in the same files the session reads.
// Writes go to Pulse's own ~/.pulse/mcp.json (user and local scope) or the project's .mcp.json;
// the reference's ~/.claude.json is read, never rewritten.
import { Command, Option } from 'commander';
import { findProjectRoot } from '../bootstrap/settings/sources.js';
import { loadSettings } from '../bootstrap/settings/index.js';
import { parseServerEntry, type McpServerEntry } from '../mcp/config.js';
import { addServerEntry, removeServerEntry, type WritableScope } from '../mcp/configWrite.js';
import { McpManager } from '../mcp/manager.js';
import { loadMcpConfig } from '../mcp/sources.js';
import { runSubcommand, STANDARD_OUTPUT, type ActionResult, type Output } from './subcommand.js';

const SCOPES = ['local', 'user', 'project'] as const;
const TRANSPORTS = ['stdio', 'http', 'sse'] as const;


function describeEntry(entry: McpServerEntry): string {
  const config = entry.config;
  if (!config) return `(invalid: ${entry.problem ?? 'unusable'})`;
  if (config.type === 'stdio') return [config.command, ...config.args].join(' ');
  return `${config.url} (${config.type.toUpperCase()})`;
}

function parsePairs(values: readonly string[], separator: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new Error(`${what} must look like NAME${separator}value: ${value}`);
    out[value.slice(0, at).trim()] = value.slice(at + separator.length).trim();
  }
  return out;
}

async function listServers(cwd: string, io: Output): Promise<number> {
  const projectRoot = findProjectRoot(cwd);
  const { entries } = await loadMcpConfig({ cwd, projectRoot });
  if (entries.length === 0) {
    io.out('No MCP servers configured. Add one with `pulse mcp add <name> <command…>`.\n');
    return 0;
  }
  const { merged } = loadSettings({ cwd });
  const manager = new McpManager(entries, { cwd, approval: merged });
  io.out('Checking MCP server health…\n\n');
  manager.start();
  await manager.whenSettled();
  for (const server of manager.servers()) {
    const entry = entries.find((e) => e.name === server.name) as McpServerEntry;
    const mark = server.status === 'connected' ? '✓ connected' : `✗ ${server.status}${server.reason ? `: ${server.reason}` : ''}`;
    io.out(`${server.name}: ${describeEntry(entry)} - ${mark}\n`);
  }
  await manager.close();
  return 0;
}

async function getServer(cwd: string, name: string, io: Output): Promise<number> {
  const { entries } = await loadMcpConfig({ cwd, projectRoot: findProjectRoot(cwd) });
  const entry = entries.find((e) => e.name === name);
  if (!entry) {
    io.err(`No MCP server named "${name}" is configured.\n`);
    return 1;
  }
  const lines = [`${name}:`, `  Scope: ${entry.scope}`, `  From: ${entry.source}`];
  // As written (variables unexpanded), so secrets from the environment are not printed.
  const written = parseServerEntry(entry.raw);
  const config = 'config' in written ? written.config : undefined;
  if (entry.problem) lines.push(`  Problem: ${entry.problem}`);
  if (config?.type === 'stdio') {
    lines.push('  Type: stdio', `  Command: ${config.command}`, `  Args: ${config.args.join(' ')}`);
    for (const key of Object.keys(config.env)) lines.push(`  Env: ${key}=…`);
  } else if (config) {
    lines.push(`  Type: ${config.type}`, `  URL: ${config.url}`);
    for (const key of Object.keys(config.headers)) lines.push(`  Header: ${key}: …`);
  }
  io.out(`${lines.join('\n')}\n\nRemove it with: pulse mcp remove ${name} -s ${entry.scope === 'dynamic' ? 'local' : entry.scope}\n`);
  return 0;
}

type AddOptions = { scope: WritableScope; transport: (typeof TRANSPORTS)[number]; env: string[]; header: string[] };

async function addServer(cwd: string, name: string, target: string, args: string[], options: AddOptions, io: Output): Promise<number> {
  if (options.transport !== 'stdio' && args.length > 0) {
    throw new Error(`unexpected words after the URL: ${args.join(' ')} (options go before the server name)`);
  }
  const raw =
    options.transport === 'stdio'
      ? { type: 'stdio', command: target, args, ...(options.env.length > 0 ? { env: parsePairs(options.env, '=', '--env') } : {}) }
      : { type: options.transport, url: target, ...(options.header.length > 0 ? { headers: parsePairs(options.header, ':', '--header') } : {}) };
  const parsed = parseServerEntry(raw);
  if ('problem' in parsed) throw new Error(`cannot add "${name}": ${parsed.problem}`);
  const path = await addServerEntry(options.scope, findProjectRoot(cwd), name, raw);
  io.out(`Added ${options.transport} MCP server "${name}" (${options.scope} scope) to ${path}\n`);
  return 0;
}

async function removeServer(cwd: string, name: string, scope: WritableScope | undefined, io: Output): Promise<number> {
  const projectRoot = findProjectRoot(cwd);
  for (const candidate of scope ? [scope] : SCOPES) {
    const path = await removeServerEntry(candidate, projectRoot, name);
    if (path) {
      io.out(`Removed MCP server "${name}" (${candidate} scope) from ${path}\n`);
      return 0;
    }
  }
  const { entries } = await loadMcpConfig({ cwd, projectRoot });
  const elsewhere = entries.find((e) => e.name === name);
  io.err(
    elsewhere
      ? `"${name}" is defined in ${elsewhere.source}, which pulse mcp does not change; remove it there.\n`
      : `No MCP server named "${name}" found${scope ? ` in ${scope} scope` : ''}.\n`,
  );
  return 1;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function buildMcpProgram(cwd: string, io: Output, result: ActionResult): Command {
  const scopeOption = (): Option => new Option('-s, --scope <scope>', 'Where to keep it: local (you, this project), user (you, everywhere), project (.mcp.json, shared)').choices(SCOPES);
  const program = new Command('pulse mcp').description('Configure and manage MCP servers').enablePositionalOptions();
  program.command('list').description('List configured servers and check that they connect').action(() => {
    result.code = listServers(cwd, io);
  });
  program.command('get <name>').description('Show how a server is configured').action((name: string) => {
    result.code = getServer(cwd, name, io);
  });
  program
    .command('add <name> <commandOrUrl> [args...]')
    .description('Add a server: `add <name> <command> [args…]`, or `add --transport http <name> <url>`')
    .addOption(scopeOption().default('local'))
    .addOption(new Option('-t, --transport <transport>', 'stdio, http or sse').choices(TRANSPORTS).default('stdio'))
    .option('-e, --env <KEY=value>', 'Environment for a stdio server (repeat for more)', collect, [])
    .option('-H, --header <"Name: value">', 'An HTTP header for an http or sse server (repeat for more)', collect, [])
    .passThroughOptions()
    .action((name: string, target: string, args: string[], options: AddOptions) => {
      result.code = addServer(cwd, name, target, args, options, io);
    });
  program
    .command('remove <name>')
    .description('Remove a server')
    .addOption(scopeOption())
    .action((name: string, options: { scope?: WritableScope }) => {
      result.code = removeServer(cwd, name, options.scope, io);
    });
  return program;
}

/** Runs `pulse mcp …` (args after `mcp`); returns the exit code. */
export async function runMcpCommand(args: string[], cwd = process.cwd(), io: Output = STANDARD_OUTPUT): Promise<number> {
  const result: ActionResult = { code: undefined };
  return runSubcommand('mcp', buildMcpProgram(cwd, io, result), result, args, io);
}
