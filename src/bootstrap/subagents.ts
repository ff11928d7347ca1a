// Sub-agents for one session: the definitions it can use, the /agents command listing them, and
// the runner the Agent tool reaches through the tool context, with sidechain logs filed beside
// the session's transcript.
import { join } from 'node:path';
import {
  createSubagentRunner,
  formatAgentLoadError,
  loadAgentDefinitions,
  mergeAgents,
  summarizeAgent,
  type AgentDefinition,
  type AgentSummary,
  type LoadedAgents,
  type PluginAgentFolder,
  type RunSubagent,
} from '../agents/index.js';
import { resolveModel } from '../api/models.js';
import { openTranscript, sessionDir, subagentsDir } from '../sessions/index.js';
import { session } from '../state/session.js';
import { backgroundShells } from '../tools/bash/backgroundShells.js';
import type { AgentListing } from '../tools/agent/schema.js';
import type { AnyTool } from '../tools/Tool.js';

export type SessionAgents = {
  /** Summaries for /agents and system/init; empty until the definitions have loaded. */
  summaries(): AgentSummary[];
  /** What the Agent tool's prompt lists. */
  listing(): AgentListing[];
  /** Waits for the definitions; returns one warning per file that could not be loaded. */
  load(): Promise<string[]>;
  definitions(): AgentDefinition[];
  /** Definitions that arrive mid-session (an SDK host's `initialize.agents`); they rank as `--agents`. */
  add(definitions: readonly AgentDefinition[]): void;
};

/** Starts loading at once; `--agents` problems surface from `load()` as an error. */
export function loadSessionAgents(
  cwd: string,
  flagJson: string | undefined,
  pluginFolders: readonly PluginAgentFolder[] = [],
): SessionAgents {
  let loaded: LoadedAgents | undefined;
  let added: AgentDefinition[] = [];
  const loading = loadAgentDefinitions({ cwd, pluginFolders, ...(flagJson !== undefined ? { flagJson } : {}) }).then((result) => {
    loaded = result;
    return result;
  });
  loading.catch(() => undefined);
  // Added ones come last, so within the flag rank they win a name clash with `--agents`.
  const definitions = (): AgentDefinition[] =>
    added.length === 0 ? (loaded?.agents ?? []) : mergeAgents([...(loaded?.agents ?? []), ...added]);
  return {
    summaries: () => definitions().map(summarizeAgent),
    listing: () =>
      definitions().map((agent) => ({
        name: agent.name,
        description: agent.description,
        ...(agent.tools ? { tools: agent.tools } : {}),
      })),
    load: async () => (await loading).errors.map(formatAgentLoadError),
    definitions,
    add: (more) => {
      const names = new Set(more.map((agent) => agent.name));
      added = [...added.filter((agent) => !names.has(agent.name)), ...more];
    },
  };
}

export type SubagentRunnerSetup = {
  cwd: string;
  agents: SessionAgents;
  tools: () => readonly AnyTool[];
  /** False for --no-session-persistence: sub-agents then leave no logs either. */
  persist: boolean;
  version: string;
  maxBudgetUsd?: number;
  fallbackModel?: string;
};

export function createSessionSubagentRunner(setup: SubagentRunnerSetup): RunSubagent {
  return createSubagentRunner({
    agents: setup.agents.definitions,
    tools: setup.tools,
    resolveModel,
    ...(setup.maxBudgetUsd !== undefined ? { maxBudgetUsd: setup.maxBudgetUsd } : {}),
    ...(setup.fallbackModel !== undefined ? { fallbackModel: setup.fallbackModel } : {}),
    ...(setup.persist
      ? {
          openSidechain: (agentId: string) =>
            openTranscript({
              cwd: setup.cwd,
              // Read per sub-agent: the face may have switched to a resumed or forked session.
              sessionId: session.sessionId,
              version: setup.version,
              agentId,
              path: join(subagentsDir(setup.cwd, session.sessionId), `agent-${agentId}.jsonl`),
              // A log that cannot be written must not fail the sub-agent's task.
              onError: () => undefined,
            }),
        }
      : {}),
  });
}

/** Background shells write their output files into the session's folder. */
export function fileBackgroundShellsUnder(cwd: string): void {
  backgroundShells.setOutputDir(() => join(sessionDir(cwd, session.sessionId), 'tasks'));
}
