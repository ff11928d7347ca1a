// What the Skill tool offers the model: skills and custom commands from the registry, except
// built-ins and those marked `disable-model-invocation`. Invoking one also brings its
// `allowed-tools` and `model` into force for the rest of the turn.
import type { CommandRegistry } from '../commands/registry.js';
import { isPromptCommand, type CommandPrompt, type PromptCommand } from '../commands/types.js';
import { resolveModel } from '../api/models.js';
import { contextForTurn } from '../commands/turnContext.js';
import type { SkillCatalog } from '../tools/skill/SkillTool.js';
import type { ToolUseContext } from '../tools/Tool.js';

function invocable(registry: CommandRegistry): PromptCommand[] {
  return registry.commands
    .filter(isPromptCommand)
    .filter((command) => command.source !== 'builtin' && !command.disableModelInvocation);
}

/**
 * A skill's `allowed-tools` and `model` hold for the rest of the turn, as they do when a person
 * types its /command: the loop applies the change from its next request on.
 */
function applyToRestOfTurn(turn: CommandPrompt, ctx: ToolUseContext): void {
  const model = turn.model?.trim();
  const useModel = model && model !== 'inherit' ? resolveModel(model) : undefined;
  if (turn.allowedRules.length === 0 && useModel === undefined) return;
  const extras = { allowedRules: turn.allowedRules, ...(useModel ? { model: useModel } : {}) };
  ctx.changeTurnContext?.((context) => contextForTurn(context, extras));
}

export function skillCatalogFrom(registry: CommandRegistry): SkillCatalog {
  const commands = invocable(registry);
  return {
    entries: commands.map((command) => ({ name: command.name, description: command.description })),
    async invoke(name, args, ctx) {
      const command = commands.find((candidate) => candidate.name === name);
      if (!command) return undefined;
      const env = { cwd: ctx.getCwd(), permissionContext: ctx.getPermissionContext(), signal: ctx.abortSignal };
      const turn = await command.getPrompt(args, env);
      applyToRestOfTurn(turn, ctx);
      return turn.prompt;
    },
  };
}
