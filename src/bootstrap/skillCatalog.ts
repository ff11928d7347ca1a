// What the Skill tool offers the model: skills and custom commands from the registry, except
// built-ins and those marked `disable-model-invocation`.
import type { CommandRegistry } from '../commands/registry.js';
import { isPromptCommand, type PromptCommand } from '../commands/types.js';
import type { SkillCatalog } from '../tools/skill/SkillTool.js';

function invocable(registry: CommandRegistry): PromptCommand[] {
  return registry.commands
    .filter(isPromptCommand)
    .filter((command) => command.source !== 'builtin' && !command.disableModelInvocation);
}

export function skillCatalogFrom(registry: CommandRegistry): SkillCatalog {
  const commands = invocable(registry);
  return {
    entries: commands.map((command) => ({ name: command.name, description: command.description })),
    async invoke(name, args, ctx) {
      const command = commands.find((candidate) => candidate.name === name);
      if (!command) return undefined;
      const env = { cwd: ctx.getCwd(), permissionContext: ctx.getPermissionContext(), signal: ctx.abortSignal };
      return (await command.getPrompt(args, env)).prompt;
    },
  };
}
