import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Message } from '../../types/messages.js';

export const agentInputSchema = lazySchema(() =>
  z.object({
    description: z.string().min(1).describe('A short (3-5 word) name for the task, e.g. "Find auth handlers"'),
    prompt: z.string().min(1).describe('The full task for the sub-agent: what to do, what to look at, and what to report back'),
    subagent_type: z
      .string()
      .optional()
      .describe('Which kind of agent to start (see the list in the description); general-purpose when omitted'),
    model: z
      .enum(['sonnet', 'opus', 'haiku'])
      .optional()
      .describe("A model for this sub-agent; by default it uses its definition's model, or yours"),
  }),
);

export type AgentInput = z.infer<ReturnType<typeof agentInputSchema>>;

export type AgentOutput = {
  agentType: string;
  description: string;
  /** The sub-agent's final message. */
  result: string;
  toolUseCount: number;
};

/** The progress the Agent tool yields while its sub-agent works. */
export type AgentProgress = {
  type: 'agent_progress';
  agentType: string;
  description: string;
  toolUseCount: number;
  lastToolUse?: string;
  recentToolUses?: string[];
};

/** One message of the sub-agent's conversation, passed on as progress for stream-json. */
export type AgentMessageProgress = { type: 'agent_message'; message: Message };

/** What the Agent tool's prompt lists about one agent type. */
export type AgentListing = { name: string; description: string; tools?: readonly string[] };
