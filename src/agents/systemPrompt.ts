// A sub-agent's system prompt: its definition's prompt, then the basics of where it runs.
import type { AgentDefinition } from './definition.js';

export type AgentEnvironment = { cwd: string; model: string; now?: Date };

export function agentSystemPrompt(agent: AgentDefinition, environment: AgentEnvironment): string[] {
  const date = (environment.now ?? new Date()).toISOString().slice(0, 10);
  const lines = [
    `Working directory: ${environment.cwd}`,
    `Platform: ${process.platform}`,
    `Today's date: ${date}`,
    `Model: ${environment.model}`,
  ];
  const closing =
    'When you are done, reply with your findings or a summary of what you did as plain text: that reply is handed back as the result of your task.';
  return [agent.systemPrompt, closing, `<environment>\n${lines.join('\n')}\n</environment>`];
}
