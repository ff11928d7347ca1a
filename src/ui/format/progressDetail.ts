// The line shown under a running tool call for its progress. Only sub-agents report something
// worth a line of its own: their type, latest tool call and how many calls they have made.
import { z } from 'zod';

const agentProgressSchema = z.object({
  type: z.literal('agent_progress'),
  agentType: z.string(),
  toolUseCount: z.number(),
  lastToolUse: z.string().optional(),
});

export function progressDetail(data: unknown): string | undefined {
  const parsed = agentProgressSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const { agentType, toolUseCount, lastToolUse } = parsed.data;
  if (lastToolUse === undefined) return `${agentType} · starting`;
  return `${agentType} · ${lastToolUse} · ${toolUseCount} tool use${toolUseCount === 1 ? '' : 's'}`;
}
