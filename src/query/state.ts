// The loop's vocabulary: why it went round again (Transition) and why it stopped (Terminal).
import type { Message } from '../types/messages.js';
import type { ToolUseContext } from '../tools/Tool.js';

export type Terminal =
  | { reason: 'completed' }
  | { reason: 'aborted_streaming' }
  | { reason: 'aborted_tools' }
  | { reason: 'max_turns'; turnCount: number }
  | { reason: 'max_budget' }
  | { reason: 'prompt_too_long' }
  | { reason: 'blocking_limit' }
  | { reason: 'model_error'; error: unknown }
  | { reason: 'stop_hook_prevented' }
  | { reason: 'hook_stopped' }
  /** A safety classifier stopped the model's response twice in a row. */
  | { reason: 'refusal' };

export type TransitionReason =
  | 'next_turn'
  | 'max_output_tokens_escalate'
  | 'max_output_tokens_recovery'
  | 'reactive_compact_retry'
  | 'collapse_drain_retry'
  | 'stop_hook_blocking'
  | 'token_budget_continuation'
  | 'model_fallback'
  /** The API paused a long turn (server tools); the paused response is sent back to continue. */
  | 'pause_turn_continuation'
  /** A safety classifier stopped the response; the model is told and may go on once. */
  | 'refusal_retry';

export type Transition = { reason: TransitionReason; attempt?: number };

/** Rebuilt whole at every `continue`; tests assert on `transition` to prove which branch ran. */
export type LoopState = {
  messages: Message[];
  context: ToolUseContext;
  turnCount: number;
  maxOutputTokensRecoveryCount: number;
  maxOutputTokensOverride: number | undefined;
  hasAttemptedReactiveCompact: boolean;
  stopHookActive: boolean;
  autoCompactFailures: number;
  /** Pause continuations since the last tool round: bounded so a paused turn cannot spin. */
  pauseTurnContinuations: number;
  transition: Transition | undefined;
};
