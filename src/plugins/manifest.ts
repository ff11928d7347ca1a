// `.claude-plugin/plugin.json`: the plugin's name and version, and where its parts are when they
// are not in the default folders (`commands/`, `agents/`, `skills/`, `hooks/hooks.json`,
// `.mcp.json`, `output-styles/`). Unknown keys are kept: newer manifests carry more.
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { PluginFileError, readJsonFile } from './json.js';

const PLUGIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const paths = lazySchema(() => z.union([z.string(), z.array(z.string())]));

export const pluginManifestSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().regex(PLUGIN_NAME, 'must be letters, digits, ".", "_" or "-" (for example commit-tools)'),
    version: z.string().optional(),
    description: z.string().optional(),
    commands: paths().optional(),
    agents: paths().optional(),
    skills: paths().optional(),
    outputStyles: paths().optional(),
    hooks: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    mcpServers: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  }),
);

export type PluginManifest = z.infer<ReturnType<typeof pluginManifestSchema>>;

export function manifestPath(root: string): string {
  return join(root, '.claude-plugin', 'plugin.json');
}

/** The manifest, or undefined when the folder has none; a broken one throws one line. */
export function readManifest(root: string): PluginManifest | undefined {
  const path = manifestPath(root);
  const raw = readJsonFile(path);
  if (raw === undefined) return undefined;
  const parsed = pluginManifestSchema().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
    throw new PluginFileError(`${path}: ${where}${issue?.message ?? 'is not a plugin manifest'}`);
  }
  return parsed.data;
}
