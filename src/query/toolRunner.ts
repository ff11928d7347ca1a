// How one response's tool calls get run: the streaming executor (tools start as their blocks
// close) or, with PULSE_DISABLE_STREAMING_TOOLS=1, the batch path (tools start after the
// stream). The loop talks to both through this one shape, so it has no branches for either.
import { runTools } from '../tools/execution/runTools.js';
import { StreamingToolExecutor } from '../tools/execution/streaming/StreamingToolExecutor.js';
import type { RanCall, ToolCall, ToolRunEvent, ToolRunParams } from '../tools/execution/types.js';
import type { AssistantMessage, Message, ProgressMessage } from '../types/messages.js';
import { getToolUseBlocks } from '../utils/messages.js';

export interface ToolRunner {
  /** Sees every assistant message as it streams in. */
  onAssistantMessage(message: AssistantMessage): void;
  /** A message already seen was withdrawn (its attempt died and is being retried): its calls stop. */
  onTombstone(message: AssistantMessage): void;
  /** Calls of withdrawn messages that had started (they ran all the same), once wound down. */
  takeWithdrawnRuns(): Promise<RanCall[]>;
  /** Progress ready now; called between stream events. */
  takeProgress(): ProgressMessage[];
  /** Runs (or finishes running) the calls, yielding progress and results in request order. */
  run(calls: readonly ToolCall[]): AsyncGenerator<ToolRunEvent, void>;
  /** After an abort while streaming: results for whatever had already been started. */
  drainAfterAbort(): AsyncGenerator<ToolRunEvent, void>;
  /** The response will not be followed up: stop everything; results for calls that had started. */
  discard(reason: string): Promise<Message[]>;
  /** After `discard`: the calls that had started running, with their results. */
  ranCalls(): RanCall[];
}

export function isStreamingToolsDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.PULSE_DISABLE_STREAMING_TOOLS?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

export function toolCallsOf(message: AssistantMessage): ToolCall[] {
  return getToolUseBlocks(message).map((block) => ({ block, assistantMessage: message }));
}

export function createToolRunner(params: ToolRunParams, streaming: boolean): ToolRunner {
  return streaming ? streamingRunner(new StreamingToolExecutor(params)) : batchRunner(params);
}

function streamingRunner(executor: StreamingToolExecutor): ToolRunner {
  return {
    onAssistantMessage: (message) => {
      for (const call of toolCallsOf(message)) executor.addTool(call);
    },
    onTombstone: (message) => executor.withdraw(message.uuid),
    takeWithdrawnRuns: () => executor.takeWithdrawnRuns(),
    takeProgress: () => executor.takeProgress(),
    // Every call was added as its block closed; the executor already holds them all.
    run: () => executor.results(),
    drainAfterAbort: () => executor.results(),
    discard: (reason) => executor.discard(reason),
    ranCalls: () => executor.ranCalls(),
  };
}

function batchRunner(params: ToolRunParams): ToolRunner {
  return {
    onAssistantMessage: () => undefined,
    onTombstone: () => undefined,
    takeWithdrawnRuns: async () => [],
    takeProgress: () => [],
    run: (calls) => runTools(calls, params),
    drainAfterAbort: async function* () {},
    // Nothing runs before the stream ends, so there is nothing to stop or report.
    discard: async () => [],
    ranCalls: () => [],
  };
}
