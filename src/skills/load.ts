// Skills: `.claude/skills/<name>/SKILL.md` (project) and the user's `<claude config>/skills/…`.
// A skill is a folder: SKILL.md holds its frontmatter and instructions, anything beside it is
// supporting material the instructions may point to. Project skills win a name clash.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allowedToolRules, CommandFileError, firstLineOf, parseCommandFile } from '../commands/custom/frontmatter.js';
import type { CommandSource } from '../commands/types.js';
import type { RuleValue } from '../types/permissions.js';
import { claudeConfigDir } from '../utils/configDir.js';

export type Skill = {
  name: string;
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

export type SkillDirs = { project: string; user: string };

export function skillDirs(cwd: string): SkillDirs {
  return { project: join(cwd, '.claude', 'skills'), user: join(claudeConfigDir(), 'skills') };
}

async function skillFolders(root: string): Promise<string[]> {
  // No folder is the common case: a synchronous check is cheaper than a failed async listing.
  if (!existsSync(root)) return [];
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

async function loadSkill(dir: string, folderName: string, source: CommandSource): Promise<Skill | undefined> {
  const path = join(dir, 'SKILL.md');
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { frontmatter, body } = parseCommandFile(path, text);
  const hint = frontmatter['argument-hint'];
  return {
    name: frontmatter.name?.trim() || folderName,
    description: frontmatter.description ?? firstLineOf(body) ?? `The ${folderName} skill`,
    source,
    dir,
    body: body.trim(),
    allowedRules: allowedToolRules(path, frontmatter['allowed-tools']),
    ...(frontmatter.model ? { model: frontmatter.model } : {}),
    ...(hint ? { argumentHint: Array.isArray(hint) ? hint.join(' ') : hint } : {}),
    disableModelInvocation: frontmatter['disable-model-invocation'] === true,
  };
}

async function loadFrom(root: string, source: CommandSource, into: SkillLoadResult): Promise<void> {
  for (const folder of await skillFolders(root)) {
    try {
      const skill = await loadSkill(join(root, folder), folder, source);
      if (skill) into.skills.push(skill);
    } catch (error) {
      into.errors.push(error instanceof CommandFileError ? error.message : `${join(root, folder)}: ${String(error)}`);
    }
  }
}

export async function loadSkills(dirs: SkillDirs): Promise<SkillLoadResult> {
  const loaded: SkillLoadResult = { skills: [], errors: [] };
  await loadFrom(dirs.project, 'project', loaded);
  await loadFrom(dirs.user, 'user', loaded);
  const seen = new Set<string>();
  return {
    skills: loaded.skills.filter((skill) => !seen.has(skill.name) && Boolean(seen.add(skill.name))),
    errors: loaded.errors,
  };
}
