// The tool pool: every built-in tool, narrowed by `--tools` and by rules that deny a whole
// tool. Tools describe themselves; this file only lists and filters them.
import type { PermissionRule } from '../types/permissions.js';
import { createAgentTool } from './agent/AgentTool.js';
import type { AgentListing } from './agent/schema.js';
import { BashTool } from './bash/BashTool.js';
import { FILE_TOOLS } from './fileTools.js';
import { TaskOutputTool } from './taskOutput/TaskOutputTool.js';
import { TaskStopTool } from './taskStop/TaskStopTool.js';
import { toolMatchesName, type AnyTool } from './Tool.js';
import { WebFetchTool } from './webFetch/WebFetchTool.js';
import { WebSearchTool } from './webSearch/WebSearchTool.js';

export type AllToolsOptions = {
  /** The session's sub-agent types; the Agent tool is offered only when they are known. */
  agents?: () => readonly AgentListing[];
};

export function getAllTools(options: AllToolsOptions = {}): AnyTool[] {
  const agentTool = options.agents ? [createAgentTool({ agents: options.agents })] : [];
  return [...agentTool, ...FILE_TOOLS, BashTool, TaskOutputTool, TaskStopTool, WebFetchTool, WebSearchTool].filter((tool) =>
    tool.isEnabled(),
  );
}

/**
 * `--tools` values are comma- or space-separated names. `undefined` or "default" keeps the
 * whole pool; an empty string offers no tools at all.
 */
export function parseToolsFlag(values: readonly string[] | undefined): string[] | 'default' {
  if (values === undefined) return 'default';
  const names = values.flatMap((value) => value.split(/[\s,]+/)).filter((name) => name !== '');
  if (names.some((name) => name.toLowerCase() === 'default')) return 'default';
  return names;
}

/** Names in `--tools` that match no built-in tool; the CLI reports them as an error. */
export function unknownToolNames(tools: readonly AnyTool[], names: readonly string[]): string[] {
  return names.filter((name) => !tools.some((tool) => toolMatchesName(tool, name)));
}

function deniedOutright(tool: AnyTool, rules: readonly PermissionRule[]): boolean {
  return rules.some(
    (rule) =>
      rule.behavior === 'deny' &&
      (rule.ruleContent === undefined || rule.ruleContent === '') &&
      toolMatchesName(tool, rule.toolName),
  );
}

export type ToolPoolOptions = {
  /** From `parseToolsFlag`. */
  selection: string[] | 'default';
  rules: readonly PermissionRule[];
};

/** The tools offered to the model: the selection, minus tools a rule denies entirely. */
export function assembleToolPool(all: readonly AnyTool[], options: ToolPoolOptions): AnyTool[] {
  const { selection } = options;
  const selected =
    selection === 'default'
      ? [...all]
      : all.filter((tool) => selection.some((name) => toolMatchesName(tool, name)));
  return selected.filter((tool) => !deniedOutright(tool, options.rules));
}
