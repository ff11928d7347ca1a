// `/compact [instructions]`: summarise the conversation now, on request. It yields what a loop
// would (hook notices, the boundary, the summary and re-attached context) and ends with a
// Terminal, so print mode, the SDK and the REPL consume it exactly like a query.
import { randomUuid } from '../utils/random.js';
import { createCallModel } from '../api/callModel.js';
import { getClient } from '../api/client.js';
import type { CallModel } from '../api/types.js';
import { compactInContext } from '../compact/autoCompact.js';
import type { ToolUseContext } from '../tools/Tool.js';
import type { LoopEvent, Message } from '../types/messages.js';
import { createSyntheticAssistantError } from '../utils/messages.js';
import { runPreCompactHooks } from './preCompact.js';
import type { Terminal } from './state.js';
import { recordingUsage } from './usage.js';

export type ManualCompactParams = {
  /** The conversation so far; only what follows its last compact boundary is summarised. */
  messages: Message[];
  context: ToolUseContext;
  /** What the person typed after `/compact`. */
  instructions?: string;
  transcriptPath?: string;
  /** The session's system prompt (CLAUDE.md included), shown to the summariser. */
  systemPrompt?: readonly string[];
  callModel?: CallModel;
  uuid?: () => string;
};

export type CompactFn = (params: ManualCompactParams) => AsyncGenerator<LoopEvent, Terminal>;

export async function* compactNow(params: ManualCompactParams): AsyncGenerator<LoopEvent, Terminal> {
  const { context } = params;
  const uuid = params.uuid ?? randomUuid;
  const instructions = params.instructions?.trim() || undefined;
  const hooks = await runPreCompactHooks(context, 'manual', instructions, uuid);
  yield* hooks.notices;
  if (!hooks.decision.proceed) {
    yield createSyntheticAssistantError({ text: 'Compaction was blocked by a PreCompact hook.', apiError: 'unknown' }, uuid());
    return { reason: 'completed' };
  }
  try {
    const result = await compactInContext(context, {
      messages: params.messages,
      callModel: recordingUsage(params.callModel ?? createCallModel(getClient)),
      trigger: 'manual',
      customInstructions: hooks.decision.customInstructions,
      transcriptPath: params.transcriptPath,
      sessionSystemPrompt: params.systemPrompt,
      uuid,
    });
    yield result.boundary;
    yield* result.messages;
    return { reason: 'completed' };
  } catch (error) {
    if (context.abortSignal.aborted) return { reason: 'aborted_streaming' };
    const reason = error instanceof Error ? error.message : String(error);
    yield createSyntheticAssistantError({ text: `Compaction failed: ${reason}`, apiError: 'unknown' }, uuid());
    return { reason: 'model_error', error };
  }
}
