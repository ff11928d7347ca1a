// Finds every output style a session can pick: the built-ins, then each plugin's
// (`<plugin>:<name>`), the user's `<claude config>/output-styles/`, and `.claude/output-styles/`
// in the working folder and each folder above it. Any `.md` file below those folders is a style,
// named by its `name:` field or else its file name. A later source replaces an earlier style of
// the same name in its place (the project beats the user, a nearer folder a farther one, either
// beats a built-in), so a list shows the styles in a stable order. A broken file is reported and skipped.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import * as z from 'zod';
import { firstLineOf } from '../commands/custom/frontmatter.js';
import { claudeConfigDir } from '../utils/configDir.js';
import { FrontmatterError, parseFrontmatter } from '../utils/frontmatter.js';
import { lazySchema } from '../utils/lazySchema.js';
import { markdownFilesAt } from '../utils/markdownFiles.js';
import { BUILTIN_OUTPUT_STYLES } from './builtin.js';
import type { OutputStyle, OutputStyleSource } from './types.js';

/** A plugin's output-styles folder, or one style file its manifest names. */
export type PluginStylePath = { path: string; plugin: string };

export type LoadOutputStylesOptions = {
  cwd: string;
  /** Defaults to `claudeConfigDir()`; tests point it at a temp dir. */
  userDir?: string;
  plugins?: readonly PluginStylePath[];
};

export type LoadedOutputStyles = { styles: OutputStyle[]; errors: string[] };

/** YAML and the lenient reading both give booleans as written; the lenient one as text. */
const flag = lazySchema(() => z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]));

const styleFrontmatter = lazySchema(() =>
  z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    'keep-coding-instructions': flag().optional(),
  }),
);

export function userOutputStylesDir(userDir = claudeConfigDir()): string {
  return join(userDir, 'output-styles');
}

/** `.claude/output-styles` of cwd and every folder above it, farthest first; never the user's own. */
export function projectOutputStylesDirs(cwd: string, userDir = claudeConfigDir()): string[] {
  const userStyles = resolve(userOutputStylesDir(userDir));
  const dirs: string[] = [];
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const dir = join(folder, '.claude', 'output-styles');
    if (dir !== userStyles) dirs.unshift(dir);
    if (dirname(folder) === folder) return dirs;
  }
}

function problemOf(error: unknown): string {
  if (error instanceof FrontmatterError) return error.message;
  return `could not be read (${error instanceof Error ? error.message : String(error)})`;
}

async function readStyle(path: string, source: OutputStyleSource, plugin?: string): Promise<OutputStyle | string> {
  let frontmatter;
  try {
    frontmatter = parseFrontmatter(await readFile(path, 'utf8'));
  } catch (error) {
    return `${path}: ${problemOf(error)}; this output style was skipped`;
  }
  const checked = styleFrontmatter().safeParse(frontmatter.data);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || 'frontmatter'}: ${issue.message}`);
    return `${path}: bad frontmatter (${problems.join('; ')}); this output style was skipped`;
  }
  const name = checked.data.name?.trim() || basename(path).replace(/\.md$/, '');
  const prompt = frontmatter.body.trim();
  return {
    name: plugin === undefined ? name : `${plugin}:${name}`,
    description: checked.data.description?.trim() || firstLineOf(prompt) || `The ${name} output style`,
    prompt,
    keepCodingInstructions: checked.data['keep-coding-instructions'] ?? false,
    source,
    path,
  };
}

export async function loadOutputStyles(options: LoadOutputStylesOptions): Promise<LoadedOutputStyles> {
  const userDir = options.userDir ?? claudeConfigDir();
  const places: Array<{ path: string; source: OutputStyleSource; plugin?: string }> = [
    ...(options.plugins ?? []).map(({ path, plugin }) => ({ path, source: 'plugin' as const, plugin })),
    { path: userOutputStylesDir(userDir), source: 'user' },
    ...projectOutputStylesDirs(options.cwd, userDir).map((path) => ({ path, source: 'project' as const })),
  ];
  const files = await Promise.all(places.map(async (place) => ({ place, files: (await markdownFilesAt(place.path)).map((file) => file.path) })));
  const read = await Promise.all(
    files.flatMap(({ place, files: paths }) => paths.map((path) => readStyle(path, place.source, place.plugin))),
  );
  const byName = new Map(BUILTIN_OUTPUT_STYLES.map((style) => [style.name, style]));
  const errors: string[] = [];
  for (const style of read) {
    if (typeof style === 'string') errors.push(style);
    else byName.set(style.name, style);
  }
  return { styles: [...byName.values()], errors };
}
