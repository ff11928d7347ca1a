// /agents: the sub-agent types this session can start, grouped by where they were defined.
import type { LocalCommand } from './types.js';

/** What /agents shows of one agent; the agents room's summaries fit this shape. */
export type AgentInfo = {
  name: string;
  description: string;
  source: 'built-in' | 'plugin' | 'user' | 'project' | 'flag';
  path?: string;
  tools?: readonly string[];
  model?: string;
};

const GROUPS: ReadonlyArray<{ source: AgentInfo['source']; title: string }> = [
  { source: 'flag', title: 'From --agents' },
  { source: 'project', title: 'Project (.claude/agents)' },
  { source: 'user', title: 'User (~/.claude/agents)' },
  { source: 'plugin', title: 'From plugins' },
  { source: 'built-in', title: 'Built-in' },
];

const MAX_DESCRIPTION_CHARS = 100;

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_DESCRIPTION_CHARS ? line : `${line.slice(0, MAX_DESCRIPTION_CHARS - 1)}…`;
}

function details(agent: AgentInfo): string {
  const parts = [`tools: ${agent.tools ? agent.tools.join(', ') || 'none' : 'all but Agent'}`];
  if (agent.model && agent.model !== 'inherit') parts.push(`model: ${agent.model}`);
  return parts.join(' · ');
}

export function formatAgentList(agents: readonly AgentInfo[]): string {
  if (agents.length === 0) return 'No sub-agents are available.';
  const lines = ['Sub-agents (the model starts them with the Agent tool; ask for one by name):'];
  for (const group of GROUPS) {
    const members = agents.filter((agent) => agent.source === group.source);
    if (members.length === 0) continue;
    lines.push('', `  ${group.title}`);
    for (const agent of members) {
      lines.push(`    ${agent.name}  ${clip(agent.description)}`, `      ${details(agent)}`);
    }
  }
  lines.push('', 'Add your own as .md files in .claude/agents/ (project) or ~/.claude/agents/ (user).');
  return lines.join('\n');
}

export function createAgentsCommand(agents: () => readonly AgentInfo[]): LocalCommand {
  return {
    name: 'agents',
    description: 'List the sub-agent types available to this session',
    run(ctx) {
      ctx.print(formatAgentList(agents()));
    },
  };
}
