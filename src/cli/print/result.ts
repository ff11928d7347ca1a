// Builds the final `result` message from how the loop ended and what the tally saw.
import type { Terminal } from '../../query/state.js';
import type { RunTally } from './runTally.js';
import type { SdkModelUsage, SdkResult, SdkResultSubtype } from './sdkTypes.js';

export type ResultInputs = {
  tally: RunTally;
  terminal: Terminal;
  sessionId: string;
  uuid: string;
  durationMs: number;
  durationApiMs: number;
  totalCostUsd: number;
  modelUsage: Record<string, SdkModelUsage>;
  maxTurns?: number;
  maxBudgetUsd?: number;
  /** A UserPromptSubmit hook refused the prompt, so the loop never ran: why. */
  promptBlocked?: string;
  /** The result's text when no model answer gives one (e.g. `/compact`). */
  resultText?: string;
};

type Outcome = { subtype: SdkResultSubtype; isError: boolean; errors?: string[]; fallbackText?: string };

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'the run failed unexpectedly';
}

function outcomeOf(inputs: ResultInputs): Outcome {
  const { terminal, tally } = inputs;
  if (inputs.promptBlocked !== undefined) {
    return { subtype: 'error_during_execution', isError: true, errors: [inputs.promptBlocked] };
  }
  switch (terminal.reason) {
    case 'aborted_streaming':
    case 'aborted_tools':
      return { subtype: 'error_during_execution', isError: true, errors: ['Interrupted before the run finished'] };
    case 'max_turns':
      return {
        subtype: 'error_max_turns',
        isError: true,
        errors: [`Reached maximum number of turns (${inputs.maxTurns ?? terminal.turnCount})`],
      };
    case 'max_budget':
      return {
        subtype: 'error_max_budget_usd',
        isError: true,
        errors: [`Reached maximum budget ($${inputs.maxBudgetUsd ?? inputs.totalCostUsd})`],
      };
    default:
      break;
  }
  // Like the reference: an API failure reported as the last message is a "successful" run whose
  // result is the error text, flagged with is_error.
  if (tally.lastAssistant?.apiError) return { subtype: 'success', isError: true };
  switch (terminal.reason) {
    case 'model_error':
      return { subtype: 'error_during_execution', isError: true, errors: [describeError(terminal.error)] };
    case 'prompt_too_long':
      return { subtype: 'success', isError: true, fallbackText: 'Prompt is too long for the model.' };
    case 'blocking_limit':
      return {
        subtype: 'success',
        isError: true,
        fallbackText: "The conversation is too long for the model's context window.",
      };
    default:
      return { subtype: 'success', isError: false };
  }
}

/** The reference names every ending on an API error (a refusal included) `api_error`. */
function terminalReasonOnWire({ terminal, tally }: ResultInputs): string {
  if (terminal.reason === 'refusal' || (terminal.reason === 'completed' && tally.lastAssistant?.apiError)) return 'api_error';
  return terminal.reason;
}

/** Pulse has one clock for first streamed content, so the reference's three first-content figures agree. */
function timingFields(tally: RunTally): Partial<SdkResult> {
  const { timeToRequestMs, timeToFirstContentMs } = tally.timings;
  return {
    ...(timeToRequestMs !== undefined ? { time_to_request_ms: timeToRequestMs } : {}),
    ...(timeToFirstContentMs !== undefined
      ? { ttft_ms: timeToFirstContentMs, ttft_stream_ms: timeToFirstContentMs, first_content_frame_ms: timeToFirstContentMs }
      : {}),
  };
}

export function buildResult(inputs: ResultInputs): SdkResult {
  const { tally } = inputs;
  const outcome = outcomeOf(inputs);
  const last = tally.lastAssistant;
  const result: SdkResult = {
    type: 'result',
    subtype: outcome.subtype,
    is_error: outcome.isError,
    api_error_status: last?.apiError ? (last.apiErrorStatus ?? null) : null,
    duration_ms: inputs.durationMs,
    duration_api_ms: inputs.durationApiMs,
    // The reference counts the turn it refused to start: --max-turns 1 reports 2.
    num_turns: inputs.terminal.reason === 'max_turns' ? Math.max(tally.numTurns, (inputs.maxTurns ?? tally.numTurns) + 1) : tally.numTurns,
    ...(outcome.subtype === 'success'
      ? { result: tally.lastResponseText || outcome.fallbackText || inputs.resultText || '' }
      : {}),
    stop_reason: last?.message.stop_reason ?? null,
    session_id: inputs.sessionId,
    total_cost_usd: inputs.totalCostUsd,
    usage: tally.usage,
    modelUsage: inputs.modelUsage,
    permission_denials: tally.permissionDenials,
    terminal_reason: terminalReasonOnWire(inputs),
    safety_stops: tally.safetyStops,
    ...timingFields(tally),
    fast_mode_state: 'off',
    ...(Object.keys(inputs.modelUsage).length > 0 ? { model_usage_since_last_result: inputs.modelUsage } : {}),
    uuid: inputs.uuid,
  };
  if (outcome.errors) result.errors = outcome.errors;
  return result;
}

/** The one line text mode prints for a result. */
export function resultText(result: SdkResult): string {
  if (result.subtype === 'success') return result.result ?? '';
  if (result.subtype === 'error_max_turns') return `Error: ${result.errors?.[0] ?? 'Reached the turn limit'}`;
  if (result.subtype === 'error_max_budget_usd') return `Error: ${result.errors?.[0] ?? 'Reached the budget'}`;
  return `Error: ${result.errors?.[0] ?? 'the run failed'}`;
}
