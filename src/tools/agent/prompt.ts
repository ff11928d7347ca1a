// The Agent tool's description for the model: what sub-agents are for, and which kinds exist.
import type { AgentListing } from './schema.js';

function listingLine(agent: AgentListing): string {
  const tools = agent.tools ? agent.tools.join(', ') : 'all tools except Agent';
  return `- ${agent.name}: ${agent.description} (Tools: ${tools})`;
}

export function agentPrompt(agents: readonly AgentListing[]): string {
  return `Start a sub-agent: a separate assistant with a fresh conversation that works on one task on its own and reports back.

Use it to keep your own context small: broad searches, open-ended research across many files, or a self-contained piece of work whose details you do not need to see. For a single known file or a quick search, use Read, Glob or Grep yourself instead.

Available agent types (pass one as subagent_type):
${agents.map(listingLine).join('\n')}

How to use it:
- The sub-agent sees nothing of this conversation. Write a complete prompt: the goal, the files or terms you know about, and exactly what it should report back.
- Its final message comes back to you as this tool's result; the user does not see it, so pass on what matters.
- To run several sub-agents at the same time, call this tool several times in one response.
- Say whether the sub-agent should change code or only research; read-only agent types cannot change anything.
- Trust its report in general, but check the parts your next step depends on.`;
}
