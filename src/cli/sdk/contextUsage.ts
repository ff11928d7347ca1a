// `get_context_usage`: how full the context window is, by estimate. Pulse counts the system prompt,
// the tool definitions and the conversation; the rest of the window is free space or reserve.
import { getModelInfo } from '../../api/models.js';
import { estimateTextTokens, tokenCountWithEstimation } from '../../compact/tokens.js';
import { getContextThresholds, isAutoCompactEnabled } from '../../compact/thresholds.js';
import type { Message } from '../../types/messages.js';

export type ContextUsageInputs = {
  model: string;
  systemPrompt: readonly string[];
  /** The tool descriptions as sent to the model. */
  toolText: string;
  messages: readonly Message[];
};

type Category = { id: string; name: string; tokens: number; color: string; kind: 'used' | 'free' | 'buffer' };

export function contextUsage(inputs: ContextUsageInputs): Record<string, unknown> {
  const maxTokens = getModelInfo(inputs.model).contextWindow;
  const systemTokens = estimateTextTokens(inputs.systemPrompt.join('\n\n'));
  const toolTokens = estimateTextTokens(inputs.toolText);
  const messageTokens = tokenCountWithEstimation(inputs.messages);
  const used = systemTokens + toolTokens + messageTokens;
  const thresholds = getContextThresholds(inputs.model);
  const autoCompact = isAutoCompactEnabled();
  const reserve = autoCompact ? Math.max(0, maxTokens - thresholds.autoCompactThreshold) : 0;
  const categories: Category[] = [
    { id: 'system_prompt', name: 'System prompt', tokens: systemTokens, color: 'gray', kind: 'used' },
    { id: 'system_tools', name: 'System tools', tokens: toolTokens, color: 'gray', kind: 'used' },
    { id: 'messages', name: 'Messages', tokens: messageTokens, color: 'purple', kind: 'used' },
    { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: reserve, color: 'gray', kind: 'buffer' },
    { id: 'free_space', name: 'Free space', tokens: Math.max(0, maxTokens - used - reserve), color: 'gray', kind: 'free' },
  ];
  return {
    categories,
    totalTokens: used,
    maxTokens,
    rawMaxTokens: maxTokens,
    percentage: Math.round((used / maxTokens) * 1000) / 10,
    gridRows: [],
    model: inputs.model,
    memoryFiles: [],
    mcpTools: [],
    agents: [],
    isAutoCompactEnabled: autoCompact,
    ...(autoCompact ? { autoCompactThreshold: thresholds.autoCompactThreshold } : {}),
    apiUsage: null,
  };
}
