// Skills: `<folder>/SKILL.md` under the user's `<claude config>/skills/`, the project's
// `.claude/skills/` and each plugin's `skills/`. A skill is a folder: SKILL.md holds its
// frontmatter and instructions, anything beside it is supporting material. As in the reference,
// the folder names the skill (`/release-notes`), a plugin's skills are `<plugin>:<folder>`, and
// the `name:` field is only a display name (also accepted after `/` when it is one word). On a
// name clash the user's skill wins over the project's; the one left out is reported with both paths.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { allowedToolRules, CommandFileError, firstLineOf, parseCommandFile } from '../commands/custom/frontmatter.js';
import type { CommandSource, PluginFolder } from '../commands/types.js';
import type { RuleValue } from '../types/permissions.js';
import { claudeConfigDir } from '../utils/configDir.js';

export type Skill = {
  /** What follows the `/`: the folder's name, `<plugin>:<folder>` for a plugin's skill. */
  name: string;
  /** The `name:` field when it differs from the folder's name. */
  displayName?: string;
  description: string;
  source: CommandSource;
  /** The skill's folder: SKILL.md and its supporting files. */
  dir: string;
  body: string;
  allowedRules: RuleValue[];
  model?: string;
  argumentHint?: string;
  disableModelInvocation: boolean;
};

export type SkillLoadResult = { skills: Skill[]; errors: string[] };

export type SkillDirs = { project: string; user: string; plugins?: readonly PluginFolder[] };

export function skillDirs(cwd: string): SkillDirs {
  return { project: join(cwd, '.claude', 'skills'), user: join(claudeConfigDir(), 'skills') };
}

async function skillFolders(root: string): Promise<string[]> {
  // No folder is the common case: a synchronous check is cheaper than a failed async listing.
  if (!existsSync(root)) return [];
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter((entry) => !entry.name.startsWith('.') && (entry.isDirectory() || entry.isSymbolicLink()))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

async function loadSkill(dir: string, name: string, source: CommandSource): Promise<Skill | undefined> {
  const path = join(dir, 'SKILL.md');
  if (!existsSync(path)) return undefined;
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { frontmatter, body } = parseCommandFile(path, text);
  const hint = frontmatter['argument-hint'];
  const folder = name.slice(name.lastIndexOf(':') + 1);
  const displayName = frontmatter.name?.trim();
  return {
    name,
    ...(displayName && displayName !== folder ? { displayName } : {}),
    description: frontmatter.description?.trim() || firstLineOf(body) || `The ${folder} skill`,
    source,
    dir,
    body: body.trim(),
    allowedRules: allowedToolRules(path, frontmatter['allowed-tools']),
    ...(frontmatter.model ? { model: frontmatter.model } : {}),
    ...(hint ? { argumentHint: Array.isArray(hint) ? hint.join(' ') : hint } : {}),
    disableModelInvocation: frontmatter['disable-model-invocation'] === true,
  };
}

async function loadFrom(root: string, source: CommandSource, into: SkillLoadResult, plugin?: string): Promise<void> {
  // A plugin manifest may name a skill's own folder rather than a folder of skills.
  const dirs = plugin !== undefined && existsSync(join(root, 'SKILL.md'))
    ? [root]
    : (await skillFolders(root)).map((folder) => join(root, folder));
  for (const dir of dirs) {
    const folder = basename(dir);
    try {
      const skill = await loadSkill(dir, plugin === undefined ? folder : `${plugin}:${folder}`, source);
      if (skill) into.skills.push(skill);
    } catch (error) {
      into.errors.push(error instanceof CommandFileError ? error.message : `${dir}: ${String(error)}`);
    }
  }
}

export function skillFile(skill: Pick<Skill, 'dir'>): string {
  return join(skill.dir, 'SKILL.md');
}

/** User skills first, then the project's, then plugins'; the first of a name wins and a clash is reported. */
export async function loadSkills(dirs: SkillDirs): Promise<SkillLoadResult> {
  const loaded: SkillLoadResult = { skills: [], errors: [] };
  await loadFrom(dirs.user, 'user', loaded);
  await loadFrom(dirs.project, 'project', loaded);
  for (const folder of dirs.plugins ?? []) await loadFrom(folder.dir, 'plugin', loaded, folder.plugin);
  const byName = new Map<string, Skill>();
  const skills: Skill[] = [];
  for (const skill of loaded.skills) {
    const winner = byName.get(skill.name.toLowerCase());
    if (winner) {
      loaded.errors.push(`skill /${skill.name}: ${skillFile(skill)} is ignored, ${skillFile(winner)} has the same name and is used`);
      continue;
    }
    byName.set(skill.name.toLowerCase(), skill);
    skills.push(skill);
  }
  return { skills, errors: loaded.errors };
}
