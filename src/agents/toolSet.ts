// The tools a sub-agent gets: its definition's list (or the whole session pool), never the
// Agent tool itself (no nesting) nor the ones that talk to the person, minus what the definition
// disallows. Read-only agents get tools that refuse any call that would change something.
import { AGENT_TOOL_NAME } from '../tools/agent/AgentTool.js';
import { toolMatchesName, type AnyTool, type ValidationResult } from '../tools/Tool.js';
import { withToolOverrides } from '../tools/withToolOverrides.js';
import type { AgentDefinition } from './definition.js';

export { AGENT_TOOL_NAME };

/**
 * Never given to a sub-agent: no nesting, and the tools that talk to the person or steer the
 * main conversation's plan mode belong to the main conversation only.
 */
export const MAIN_CONVERSATION_TOOLS: readonly string[] = [AGENT_TOOL_NAME, 'AskUserQuestion', 'ExitPlanMode', 'EnterPlanMode'];

function listedIn(tool: AnyTool, names: readonly string[]): boolean {
  return names.some((name) => name === '*' || toolMatchesName(tool, name));
}

/** A view of `tool` whose validation refuses calls the tool does not call read-only. */
export function readOnlyVariant(tool: AnyTool, agentName: string): AnyTool {
  return withToolOverrides(tool, {
    async validateInput(input, ctx): Promise<ValidationResult> {
      if (!tool.isReadOnly(input)) {
        return {
          ok: false,
          message: `The ${agentName} agent is read-only: this ${tool.name} call would change something, so it was refused. Use read-only commands and tools only.`,
        };
      }
      return tool.validateInput ? tool.validateInput(input, ctx) : { ok: true };
    },
  });
}

export function toolsForAgent(agent: AgentDefinition, pool: readonly AnyTool[]): AnyTool[] {
  const allowed = pool.filter((tool) => !MAIN_CONVERSATION_TOOLS.some((name) => toolMatchesName(tool, name)));
  const chosen = agent.tools ? allowed.filter((tool) => listedIn(tool, agent.tools ?? [])) : allowed;
  const kept = chosen.filter((tool) => !listedIn(tool, agent.disallowedTools ?? []));
  return agent.readOnly ? kept.map((tool) => readOnlyVariant(tool, agent.name)) : kept;
}
