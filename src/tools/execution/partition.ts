// Splits a response's tool calls into batches: runs of concurrency-safe calls share a batch and
// run together; every other call is a batch of its own. Batches keep the model's order.
import type * as z from 'zod';
import { findToolByName, type AnyTool } from '../Tool.js';
import type { ToolCall } from './types.js';

export type ToolBatch = { concurrent: boolean; calls: ToolCall[] };

/** Safe only when the tool exists, the input parses and the tool says so without throwing. */
export function isConcurrencySafeCall(call: ToolCall, tools: readonly AnyTool[]): boolean {
  const tool = findToolByName(tools, call.block.name);
  if (!tool) return false;
  const schema: z.ZodType = tool.inputSchema;
  const parsed = schema.safeParse(call.block.input);
  if (!parsed.success) return false;
  try {
    return tool.isConcurrencySafe(parsed.data);
  } catch {
    return false;
  }
}

export function partitionToolCalls(calls: readonly ToolCall[], tools: readonly AnyTool[]): ToolBatch[] {
  const batches: ToolBatch[] = [];
  for (const call of calls) {
    const concurrent = isConcurrencySafeCall(call, tools);
    const last = batches.at(-1);
    if (concurrent && last?.concurrent) {
      last.calls.push(call);
      continue;
    }
    batches.push({ concurrent, calls: [call] });
  }
  return batches;
}
