// `get_context_usage`: how full the context window is, in the SDK's shape. The numbers are
// /context's (commands/context.ts), so the REPL and an SDK host never disagree.
import { getContextThresholds } from '../../compact/thresholds.js';
import { estimateTextTokens } from '../../compact/tokens.js';
import { measureContext, type ContextCategoryId, type ContextParts } from '../../commands/context.js';

/** The colour names the SDK's own context view uses for each category. */
const SDK_COLORS: Readonly<Record<ContextCategoryId, string>> = {
  system_prompt: 'gray',
  system_tools: 'gray',
  memory_files: 'orange',
  messages: 'purple',
  free_space: 'gray',
  autocompact_buffer: 'gray',
};

export async function contextUsage(parts: ContextParts): Promise<Record<string, unknown>> {
  const breakdown = await measureContext(parts);
  const thresholds = getContextThresholds(parts.model);
  return {
    categories: breakdown.categories.map(({ id, name, tokens }) => ({ id, name, tokens, color: SDK_COLORS[id] })),
    totalTokens: breakdown.usedTokens,
    maxTokens: breakdown.windowTokens,
    rawMaxTokens: breakdown.windowTokens,
    percentage: Math.round((breakdown.usedTokens / breakdown.windowTokens) * 1000) / 10,
    gridRows: [],
    model: parts.model,
    memoryFiles: parts.memoryFiles.map((file) => ({
      path: file.path,
      type: file.type,
      tokens: estimateTextTokens(file.content),
    })),
    mcpTools: [],
    agents: [],
    isAutoCompactEnabled: thresholds.autoCompactEnabled,
    ...(thresholds.autoCompactEnabled ? { autoCompactThreshold: thresholds.autoCompactThreshold } : {}),
    apiUsage: null,
  };
}
