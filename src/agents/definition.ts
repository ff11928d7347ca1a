// What a sub-agent is: a name the model picks it by, a description that says when to pick it,
// its own system prompt, and limits on the tools, model, mode and turns it gets.
import type { PermissionMode } from '../types/permissions.js';

/** Where a definition came from; later sources in AGENT_SOURCE_ORDER win a name clash. */
export type AgentSource = 'built-in' | 'plugin' | 'user' | 'project' | 'flag';

export const AGENT_SOURCE_ORDER: readonly AgentSource[] = ['built-in', 'plugin', 'user', 'project', 'flag'];

export type AgentDefinition = {
  /** What the model passes as `subagent_type`. */
  name: string;
  /** When to delegate to this agent; shown to the model in the Agent tool's prompt. */
  description: string;
  systemPrompt: string;
  /** Tool names the agent may use; undefined means every tool of the session but Agent. */
  tools?: string[];
  disallowedTools?: string[];
  /** `inherit` (the default), an alias such as `haiku`, or a model id. */
  model?: string;
  permissionMode?: PermissionMode;
  maxTurns?: number;
  /** Every call must be read-only (Bash commands included); the built-in Explore agent. */
  readOnly?: boolean;
  source: AgentSource;
  /** The file it was read from, for /agents and error messages. */
  path?: string;
};

/** A definition that could not be read; the others still load. */
export type AgentLoadError = { path: string; message: string };

/** What the model and the /agents listing see of an agent. */
export type AgentSummary = Pick<AgentDefinition, 'name' | 'description' | 'source'> & {
  tools?: readonly string[];
  model?: string;
  path?: string;
};

export function summarizeAgent(agent: AgentDefinition): AgentSummary {
  return {
    name: agent.name,
    description: agent.description,
    source: agent.source,
    ...(agent.tools ? { tools: agent.tools } : {}),
    ...(agent.model ? { model: agent.model } : {}),
    ...(agent.path ? { path: agent.path } : {}),
  };
}
