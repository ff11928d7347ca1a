// What a folder would run if trusted, for the trust question: found by reading the project's
// files as plain data (nothing is run or loaded), so the person can see what they are agreeing to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findProjectRoot, localSettingsPath, projectSettingsPath } from './settings/sources.js';
import { projectMcpConfigPath } from '../mcp/sources.js';

export type TrustFinding = {
  /** What runs: `hooks (SessionStart, PreToolUse)`, `an apiKeyHelper command`, … */
  what: string;
  /** Where it is declared, relative to the folder asked about when it is inside it. */
  where: string;
};

/** Settings keys whose values are commands Pulse would run, and how to name them. */
const COMMAND_KEYS: ReadonlyArray<[key: string, label: string]> = [
  ['apiKeyHelper', 'an apiKeyHelper command'],
  ['awsAuthRefresh', 'an awsAuthRefresh command'],
  ['awsCredentialExport', 'an awsCredentialExport command'],
  ['gcpAuthRefresh', 'a gcpAuthRefresh command'],
  ['otelHeadersHelper', 'an otelHeadersHelper command'],
];
const MAX_FILES_LOOKED_AT = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function settingsFindings(settings: Record<string, unknown>, where: string): TrustFinding[] {
  const found: TrustFinding[] = [];
  const hooks = settings.hooks;
  if (isRecord(hooks) && Object.keys(hooks).length > 0) found.push({ what: `hooks (${Object.keys(hooks).join(', ')})`, where });
  for (const [key, label] of COMMAND_KEYS) {
    if (typeof settings[key] === 'string') found.push({ what: label, where });
  }
  const env = settings.env;
  if (isRecord(env) && Object.keys(env).length > 0) {
    found.push({ what: `environment variables (${Object.keys(env).join(', ')})`, where });
  }
  if (isRecord(settings.statusLine)) found.push({ what: 'a status-line command', where });
  if (isRecord(settings.enabledPlugins) && Object.keys(settings.enabledPlugins).length > 0) {
    found.push({ what: `plugins (${Object.keys(settings.enabledPlugins).join(', ')})`, where });
  }
  return found;
}

/** Markdown files under `dir` (bounded), for `!` pre-commands and frontmatter hooks. */
function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .slice(0, MAX_FILES_LOOKED_AT)
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

function filesContaining(files: readonly string[], pattern: RegExp): string[] {
  return files.filter((file) => {
    try {
      return pattern.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

const PRE_COMMAND = /(^|\s)!`[^`\n]+`/m;
const FRONTMATTER_HOOKS = /^---\n[\s\S]*?^hooks:/m;

/** Everything the folder (and its project root, when that is higher up) would run once trusted. */
export function findProjectCode(cwd: string): TrustFinding[] {
  const root = findProjectRoot(cwd);
  const named = (path: string): string => relative(cwd, path) || path;
  const found: TrustFinding[] = [];
  for (const path of [projectSettingsPath(root), localSettingsPath(root)]) {
    const settings = readJson(path);
    if (settings) found.push(...settingsFindings(settings, named(path)));
  }
  const mcpPath = projectMcpConfigPath(root);
  const servers = readJson(mcpPath)?.mcpServers;
  if (isRecord(servers) && Object.keys(servers).length > 0) {
    found.push({ what: `MCP servers (${Object.keys(servers).join(', ')})`, where: named(mcpPath) });
  }
  const claudeDir = join(root, '.claude');
  for (const file of filesContaining(markdownFiles(join(claudeDir, 'commands')), PRE_COMMAND)) {
    found.push({ what: 'a command that runs `!` shell lines', where: named(file) });
  }
  const withHooks = [...markdownFiles(join(claudeDir, 'skills')), ...markdownFiles(join(claudeDir, 'agents'))];
  for (const file of filesContaining(withHooks, FRONTMATTER_HOOKS)) found.push({ what: 'hooks in frontmatter', where: named(file) });
  return found;
}
