// The token budget a person can attach to a prompt ("+500k", "use 2M tokens"): the loop keeps
// the model working until most of it is spent, and stops early once extra rounds stop producing
// much. Distinct from --max-budget-usd, which is about money.

const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 };

const SHORTHAND_AT_START = /^\s*\+(\d+(?:\.\d+)?)\s*(k|m|b)\b/i;
const SHORTHAND_AT_END = /\s\+(\d+(?:\.\d+)?)\s*(k|m|b)\s*[.!?]?\s*$/i;
const VERBOSE = /\b(?:use|spend)\s+(\d+(?:\.\d+)?)\s*(k|m|b)\s*tokens?\b/i;

/** Continue until this share of the budget has been spent. */
export const COMPLETION_THRESHOLD = 0.9;
/** A round that adds fewer output tokens than this counts as producing little. */
export const DIMINISHING_THRESHOLD = 500;
/** Diminishing returns are only judged after this many continuations. */
export const MIN_CONTINUATIONS_BEFORE_DIMINISHING = 3;

/** The budget a prompt asks for, in tokens, or undefined when it names none. */
export function parseTokenBudget(prompt: string): number | undefined {
  const match = SHORTHAND_AT_START.exec(prompt) ?? SHORTHAND_AT_END.exec(prompt) ?? VERBOSE.exec(prompt);
  if (!match) return undefined;
  const amount = Number.parseFloat(match[1] ?? '');
  const multiplier = MULTIPLIERS[(match[2] ?? '').toLowerCase()];
  if (!Number.isFinite(amount) || multiplier === undefined) return undefined;
  const tokens = Math.round(amount * multiplier);
  return tokens > 0 ? tokens : undefined;
}

export type TokenBudgetTracker = {
  continuations: number;
  /** Output tokens gained by the previous continuation. */
  lastDelta: number;
  /** Output tokens spent when the budget was last checked. */
  lastTotal: number;
};

export function newTokenBudgetTracker(): TokenBudgetTracker {
  return { continuations: 0, lastDelta: 0, lastTotal: 0 };
}

export type TokenBudgetDecision =
  | { action: 'continue'; nudge: string; tracker: TokenBudgetTracker }
  | { action: 'stop'; reason: 'no_budget' | 'reached' | 'diminishing' };

export type TokenBudgetCheck = {
  budget: number | undefined;
  /** Output tokens spent so far in this query. */
  spent: number;
  /** Sub-agents never run on a token budget: only the person's own turn does. */
  isSubagent: boolean;
};

export function checkTokenBudget(tracker: TokenBudgetTracker, check: TokenBudgetCheck): TokenBudgetDecision {
  const { budget, spent } = check;
  if (check.isSubagent || budget === undefined || budget <= 0) return { action: 'stop', reason: 'no_budget' };
  const delta = spent - tracker.lastTotal;
  const diminishing =
    tracker.continuations >= MIN_CONTINUATIONS_BEFORE_DIMINISHING &&
    delta < DIMINISHING_THRESHOLD &&
    tracker.lastDelta < DIMINISHING_THRESHOLD;
  if (diminishing) return { action: 'stop', reason: 'diminishing' };
  if (spent >= budget * COMPLETION_THRESHOLD) return { action: 'stop', reason: 'reached' };
  return {
    action: 'continue',
    nudge: budgetNudge(spent, budget),
    tracker: { continuations: tracker.continuations + 1, lastDelta: delta, lastTotal: spent },
  };
}

export function budgetNudge(spent: number, budget: number): string {
  const percent = Math.round((spent / budget) * 100);
  return (
    `Token target: ${percent}% used so far (${spent} of ${budget} output tokens). ` +
    'There is budget left, so keep going with the task rather than wrapping up or summarising.'
  );
}
