// What a skill sends the model when it is invoked (by the Skill tool or `/name`): where its
// files are, then its instructions with the arguments filled in.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expandCommandBody } from '../commands/custom/expand.js';
import type { PromptCommand, PromptEnv } from '../commands/types.js';
import { skillFile, type Skill } from './load.js';

const MAX_LISTED_FILES = 50;

/** The skill's supporting files (everything but SKILL.md), relative to its folder. */
export async function supportingFiles(skill: Skill): Promise<string[]> {
  try {
    const entries = await readdir(skill.dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(skill.dir, join(entry.parentPath, entry.name)))
      .filter((path) => path !== 'SKILL.md')
      .sort()
      .slice(0, MAX_LISTED_FILES);
  } catch {
    return [];
  }
}

export async function skillPrompt(skill: Skill, args: string, env: PromptEnv): Promise<string> {
  const files = await supportingFiles(skill);
  const where =
    files.length === 0
      ? `The skill's folder is ${skill.dir}.`
      : `The skill's folder is ${skill.dir}; its supporting files (read them with paths relative to that folder when the instructions call for them):\n${files.map((file) => `- ${file}`).join('\n')}`;
  const body = await expandCommandBody(skill.body, args, skill.allowedRules, env);
  return `Skill "${skill.name}" is now active. ${where}\n\n${body}`;
}

/** A `name:` of one word is accepted after `/` too, as the reference accepts it. */
const ALIAS = /^[\w][\w:-]*$/;

export function skillCommand(skill: Skill): PromptCommand {
  const alias = skill.displayName?.toLowerCase();
  return {
    type: 'prompt',
    name: skill.name,
    description: `${skill.description} (${skill.source} skill)`,
    source: skill.source,
    isSkill: true,
    path: skillFile(skill),
    ...(alias && ALIAS.test(alias) ? { aliases: [alias] } : {}),
    ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {}),
    ...(skill.disableModelInvocation ? { disableModelInvocation: true } : {}),
    async getPrompt(args, env) {
      return {
        prompt: await skillPrompt(skill, args, env),
        allowedRules: skill.allowedRules,
        ...(skill.model ? { model: skill.model } : {}),
      };
    },
  };
}
