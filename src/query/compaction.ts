// The context layers that run before each request. Auto-compaction has a circuit breaker: after
// three failures in a row it is not tried again in this query, so a broken summariser cannot
// turn every turn into a wasted extra call.
import type { QuerySource } from '../api/types.js';
import type { LoopEvent, Message } from '../types/messages.js';
import { createSystemMessage } from '../utils/messages.js';
import type { QueryDeps } from './deps.js';
import type { LoopState } from './state.js';

export const AUTOCOMPACT_FAILURE_LIMIT = 3;

export type PreparedContext = { messages: Message[]; autoCompactFailures: number };

export async function* prepareContext(
  messages: Message[],
  state: LoopState,
  deps: QueryDeps,
  source: QuerySource,
): AsyncGenerator<LoopEvent, PreparedContext> {
  const microcompacted = deps.microcompact(messages, state.context).messages;
  const failures = state.autoCompactFailures;
  if (failures >= AUTOCOMPACT_FAILURE_LIMIT) return { messages: microcompacted, autoCompactFailures: failures };
  try {
    const result = await deps.autocompact(microcompacted, state.context, source);
    if (!result.compacted) return { messages: microcompacted, autoCompactFailures: failures };
    // Consumers keep [boundary, ...kept history], exactly what the loop sends from now on.
    yield result.boundary;
    yield* result.messages;
    return { messages: [result.boundary, ...result.messages], autoCompactFailures: 0 };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    yield createSystemMessage('warning', `Automatic compaction failed: ${reason}`, undefined, deps.uuid());
    return { messages: microcompacted, autoCompactFailures: failures + 1 };
  }
}
