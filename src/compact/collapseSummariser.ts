// The summariser the loop hands to context collapse: one short, tool-less model call per stretch.
import type { CallModel } from '../api/types.js';
import type { Message } from '../types/messages.js';
import { createUserMessage, normalizeMessagesForAPI } from '../utils/messages.js';
import type { Summarise } from './collapse.js';
import { collectModelText } from './modelText.js';
import { COLLAPSE_PROMPT, COMPACT_SYSTEM_PROMPT } from './summaryPrompt.js';

export const COLLAPSE_MAX_OUTPUT_TOKENS = 2_000;

export type ModelSummariserOptions = { callModel: CallModel; model: string; signal: AbortSignal };

export function createModelSummariser({ callModel, model, signal }: ModelSummariserOptions): Summarise {
  return async (stretch: Message[]) => {
    const outcome = await collectModelText(callModel, {
      messages: normalizeMessagesForAPI([...stretch, createUserMessage({ content: COLLAPSE_PROMPT, isMeta: true })]),
      system: [{ type: 'text', text: COMPACT_SYSTEM_PROMPT }],
      tools: [],
      model,
      maxOutputTokens: COLLAPSE_MAX_OUTPUT_TOKENS,
      signal,
      querySource: 'compact',
    });
    if (!outcome.ok) throw new Error(outcome.message || `Summary failed: ${outcome.apiError}`);
    return outcome.text;
  };
}
