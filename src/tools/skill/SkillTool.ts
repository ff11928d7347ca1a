// Skill: loads a skill's instructions (or a custom command's prompt) into the conversation when
// the model decides it applies. Only names and descriptions are listed up front, in this tool's
// prompt; the body arrives when the skill is invoked, with where its supporting files are.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';

export type SkillCatalogEntry = { name: string; description: string };

/** What the session offers the model; built from the command registry by bootstrap. */
export type SkillCatalog = {
  entries: readonly SkillCatalogEntry[];
  /** The text to hand the model, or undefined for an unknown name. */
  invoke(name: string, args: string, ctx: ToolUseContext): Promise<string | undefined>;
};

const inputSchema = lazySchema(() =>
  z.object({
    skill: z.string().min(1).describe('The skill name, e.g. "pdf" or "review"'),
    args: z.string().optional().describe('Arguments for the skill, as the user would type them after /name'),
  }),
);

export type SkillOutput = { skill: string; text: string };

function skillPrompt(entries: readonly SkillCatalogEntry[]): string {
  const list = entries.map((entry) => `- ${entry.name}: ${entry.description}`).join('\n');
  return `Load a skill: packaged instructions (and supporting files) for a kind of task. When the user's request matches one of the skills below, invoke it before starting on the task and follow what it says. When the user types /<name>, that skill's text is already in the conversation; do not invoke it again.

Available skills:
${list}`;
}

export function createSkillTool(catalog: SkillCatalog) {
  const names = new Map(catalog.entries.map((entry) => [entry.name.toLowerCase(), entry.name]));
  return {
    name: 'Skill',
    get inputSchema() {
      return inputSchema();
    },
    maxResultSizeChars: 100_000,
    description: () => 'Load a skill or custom command into the conversation',
    prompt: () => skillPrompt(catalog.entries),
    isEnabled: () => catalog.entries.length > 0,
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    userFacingName: () => 'Skill',
    describeUse: (input) => input.skill ?? '',
    validateInput: async (input) => {
      if (names.has(input.skill.replace(/^\//, '').toLowerCase())) return { ok: true };
      const known = catalog.entries.map((entry) => entry.name).join(', ');
      return { ok: false, message: `There is no skill named "${input.skill}". Available: ${known}.` };
    },
    checkPermissions: async () => ({ behavior: 'allow' }),

    async *call(input, ctx) {
      const name = names.get(input.skill.replace(/^\//, '').toLowerCase()) ?? input.skill;
      const text = await catalog.invoke(name, input.args ?? '', ctx);
      if (text === undefined) throw new Error(`The skill "${name}" could not be loaded.`);
      return { data: { skill: name, text } };
    },

    toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output.text }),

    summarizeResult: (output) => `Loaded ${output.skill}`,
  } satisfies Tool<ReturnType<typeof inputSchema>, SkillOutput>;
}
