// The synthetic results a cancelled call gets. Each one says what happened and whether the call
// had started, so the model knows whether it may need to check for partial effects.
import type { UserMessage } from '../../../types/messages.js';
import { createToolResultMessage, errorResultBlock } from '../../../utils/messages.js';
import type { ToolCall } from '../types.js';

/**
 * What a cancelled call is told: one text if it was running, another if it never started.
 * `keepLateSuccess`: a running call that still completes successfully keeps its real result
 * (only where nothing has been reported yet: a discarded or withdrawn response).
 */
export type CancelTexts = { running: string; queued: string; keepLateSuccess?: boolean };

const COMMAND_PREVIEW_CHARS = 40;

export const USER_INTERRUPT_TEXTS: CancelTexts = {
  running: 'Stopped: the user interrupted while this tool was running. Wait for their next instruction.',
  queued: 'Not run: the user interrupted the request before this tool started.',
};

export function discardTexts(reason: string): CancelTexts {
  return { running: `Stopped while running: ${reason}`, queued: `Not run: ${reason}`, keepLateSuccess: true };
}

function commandPreview(input: unknown): string {
  const command = typeof input === 'object' && input !== null ? (input as { command?: unknown }).command : undefined;
  const text = typeof command === 'string' ? command.trim().split('\n')[0] ?? '' : '';
  return text.length <= COMMAND_PREVIEW_CHARS ? text : `${text.slice(0, COMMAND_PREVIEW_CHARS)}…`;
}

/** A failing Bash call usually means the plan behind its siblings is wrong too. */
export function siblingFailureTexts(failed: ToolCall): CancelTexts {
  const what = `a Bash call run alongside it failed (${commandPreview(failed.block.input)})`;
  return { running: `Cancelled: ${what}.`, queued: `Not run: ${what}.` };
}

export function syntheticResult(call: ToolCall, text: string, uuid: string): UserMessage {
  return createToolResultMessage(
    {
      block: errorResultBlock(call.block.id, text),
      toolUseResult: text,
      sourceToolAssistantUUID: call.assistantMessage.uuid,
      isSynthetic: true,
    },
    uuid,
  );
}
