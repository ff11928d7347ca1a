// The agents room's public surface: definitions, loading, and the runner behind the Agent tool.
export { BUILTIN_AGENTS, EXPLORE_AGENT, GENERAL_PURPOSE_AGENT } from './builtins.js';
export {
  AGENT_SOURCE_ORDER,
  summarizeAgent,
  type AgentDefinition,
  type AgentLoadError,
  type AgentSource,
  type AgentSummary,
} from './definition.js';
export {
  formatAgentLoadError,
  loadAgentDefinitions,
  mergeAgents,
  projectAgentsDir,
  userAgentsDir,
  type LoadAgentsOptions,
  type LoadedAgents,
  type PluginAgentFolder,
} from './load.js';
export { parseAgentFile, parseAgentsFlag, parseAgentsRecord } from './parse.js';
export {
  createSubagentRunner,
  DEFAULT_AGENT_TYPE,
  findAgent,
  SubagentInterruptedError,
  UnknownAgentTypeError,
  type RunSubagent,
  type SidechainWriter,
  type SubagentRunnerOptions,
} from './runSubagent.js';
export { AGENT_TOOL_NAME, toolsForAgent } from './toolSet.js';
