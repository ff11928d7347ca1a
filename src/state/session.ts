// The mutable session singleton: infrastructure state set at startup and mutated directly.
// It never triggers rendering; the REPL's reactive state lives in store.ts.
import { randomUuid } from '../utils/random.js';

export type ModelUsage = {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
};

export type Session = {
  sessionId: string;
  /** The directory Pulse started in; project settings and memory are found from here. */
  originalCwd: string;
  cwd: string;
  model: string;
  startTime: number;
  totalCostUSD: number;
  totalAPIDurationMs: number;
  modelUsage: Record<string, ModelUsage>;
  /** A model with no price in the table was used; costs are estimates. */
  hasUnknownModelCost: boolean;
  isInteractive: boolean;
};

function freshSession(): Session {
  return {
    sessionId: randomUuid(),
    originalCwd: process.cwd(),
    cwd: process.cwd(),
    model: '',
    startTime: Date.now(),
    totalCostUSD: 0,
    totalAPIDurationMs: 0,
    modelUsage: {},
    hasUnknownModelCost: false,
    isInteractive: false,
  };
}

export const session: Session = freshSession();

/** Start over (tests, `/clear`): keeps the object identity so imports stay valid. */
export function resetSession(overrides: Partial<Session> = {}): void {
  Object.assign(session, freshSession(), overrides);
}

export function emptyModelUsage(): ModelUsage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
    webSearchRequests: 0,
    costUSD: 0,
  };
}
