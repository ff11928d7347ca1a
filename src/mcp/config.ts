// The shape of an MCP server entry (`.mcp.json`, `~/.claude.json`, `--mcp-config`), checked with
// zod. A broken entry is kept as a problem so the server shows up as failed with the reason,
// instead of vanishing.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { expandList, expandRecord, expandString } from './expandEnv.js';

const stringRecord = lazySchema(() => z.record(z.string(), z.string(), { error: 'must map names to strings' }));

const StdioEntrySchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('stdio').optional(),
    command: z.string().min(1, 'command must not be empty'),
    args: z.array(z.string()).optional(),
    env: stringRecord().optional(),
  }),
);

const RemoteEntrySchema = lazySchema(() =>
  z.looseObject({
    type: z.enum(['http', 'sse']),
    url: z.string().min(1, 'url must not be empty'),
    headers: stringRecord().optional(),
  }),
);

export type StdioServerConfig = { type: 'stdio'; command: string; args: string[]; env: Record<string, string> };
export type RemoteServerConfig = { type: 'http' | 'sse'; url: string; headers: Record<string, string> };
export type McpServerConfig = StdioServerConfig | RemoteServerConfig;

/**
 * Where an entry came from; a later scope wins a name clash: plugin < user < project < local <
 * dynamic. Plugin servers are named `plugin:<plugin>:<server>`, so they never clash in practice.
 */
export type ConfigScope = 'plugin' | 'user' | 'project' | 'local' | 'dynamic';
export const SCOPE_PRECEDENCE: readonly ConfigScope[] = ['plugin', 'user', 'project', 'local', 'dynamic'];

export type McpServerEntry = {
  name: string;
  scope: ConfigScope;
  /** The file it was read from, or `--mcp-config`. */
  source: string;
  /** The entry as written, before `${VAR}` expansion (what `pulse mcp get` shows). */
  raw: unknown;
  config?: McpServerConfig;
  /** Why the entry cannot be used; set when `config` is not. */
  problem?: string;
};

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'invalid entry'}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates one entry as written; no expansion yet. */
export function parseServerEntry(raw: unknown): { config: McpServerConfig } | { problem: string } {
  if (!isRecord(raw)) return { problem: 'the entry must be a JSON object' };
  if (raw.type === undefined && raw.url !== undefined) {
    return { problem: 'an entry with a url needs "type": "http" or "sse"' };
  }
  if (raw.type === 'http' || raw.type === 'sse') {
    const parsed = RemoteEntrySchema().safeParse(raw);
    if (!parsed.success) return { problem: firstIssue(parsed.error) };
    if (!URL.canParse(parsed.data.url)) return { problem: `url is not a valid URL: ${parsed.data.url}` };
    return { config: { type: parsed.data.type, url: parsed.data.url, headers: parsed.data.headers ?? {} } };
  }
  if (raw.type !== undefined && raw.type !== 'stdio') {
    return { problem: `unknown type ${JSON.stringify(raw.type)} (expected stdio, http or sse)` };
  }
  const parsed = StdioEntrySchema().safeParse(raw);
  if (!parsed.success) return { problem: firstIssue(parsed.error) };
  return { config: { type: 'stdio', command: parsed.data.command, args: parsed.data.args ?? [], env: parsed.data.env ?? {} } };
}

/** Replaces `${VAR}` references in command, args, env, url and headers. */
export function expandServerConfig(
  config: McpServerConfig,
  env: NodeJS.ProcessEnv,
): { config: McpServerConfig } | { problem: string } {
  let expanded: McpServerConfig;
  let missing: string[];
  if (config.type === 'stdio') {
    const command = expandString(config.command, env);
    const args = expandList(config.args, env);
    const vars = expandRecord(config.env, env);
    expanded = { type: 'stdio', command: command.value, args: args.value, env: vars.value };
    missing = [...command.missing, ...args.missing, ...vars.missing];
  } else {
    const url = expandString(config.url, env);
    const headers = expandRecord(config.headers, env);
    expanded = { type: config.type, url: url.value, headers: headers.value };
    missing = [...url.missing, ...headers.missing];
  }
  if (missing.length > 0) {
    const names = [...new Set(missing)].join(', ');
    return { problem: `missing environment variable${missing.length > 1 ? 's' : ''}: ${names}` };
  }
  return { config: expanded };
}

/** The entries of a `{ "mcpServers": { … } }` object. */
export function entriesFromServers(
  servers: unknown,
  scope: ConfigScope,
  source: string,
  env: NodeJS.ProcessEnv,
): McpServerEntry[] {
  if (servers === undefined) return [];
  if (!isRecord(servers)) {
    return [{ name: '(config)', scope, source, raw: servers, problem: `${source}: mcpServers must be an object` }];
  }
  return Object.entries(servers).map(([name, raw]) => {
    const entry: McpServerEntry = { name, scope, source, raw };
    const parsed = parseServerEntry(raw);
    if ('problem' in parsed) return { ...entry, problem: parsed.problem };
    const expanded = expandServerConfig(parsed.config, env);
    return 'problem' in expanded ? { ...entry, problem: expanded.problem } : { ...entry, config: expanded.config };
  });
}

/** Keeps one entry per name: the one from the strongest scope (later in the list on a tie). */
export function resolveByPrecedence(entries: readonly McpServerEntry[]): McpServerEntry[] {
  const byName = new Map<string, McpServerEntry>();
  for (const entry of entries) {
    const current = byName.get(entry.name);
    if (!current || SCOPE_PRECEDENCE.indexOf(entry.scope) >= SCOPE_PRECEDENCE.indexOf(current.scope)) {
      byName.set(entry.name, entry);
    }
  }
  return [...byName.values()];
}
