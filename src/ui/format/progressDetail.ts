// What is shown under a running tool call for its progress. Only sub-agents report something
// worth showing: a first line with their type, latest tool call and how many calls they have
// made, then (one per line, for the expanded view) their last few calls.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';

const agentProgressSchema = lazySchema(() =>
  z.object({
    type: z.literal('agent_progress'),
    agentType: z.string(),
    toolUseCount: z.number(),
    lastToolUse: z.string().optional(),
    recentToolUses: z.array(z.string()).optional(),
  }),
);

export function progressDetail(data: unknown): string | undefined {
  const parsed = agentProgressSchema().safeParse(data);
  if (!parsed.success) return undefined;
  const { agentType, toolUseCount, lastToolUse, recentToolUses = [] } = parsed.data;
  if (lastToolUse === undefined) return `${agentType} · starting`;
  const summary = `${agentType} · ${lastToolUse} · ${toolUseCount} tool use${toolUseCount === 1 ? '' : 's'}`;
  // A single call is already on the first line; the list adds something from the second on.
  return recentToolUses.length > 1 ? [summary, ...recentToolUses].join('\n') : summary;
}
