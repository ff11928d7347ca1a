// Auto mode's step in the resolution chain. It runs only for a call the rules and the mode left
// as a question, and only for questions that are the person's to answer in general: an ask rule,
// a protected path, leaving the sandbox and a tool that needs a person still go to the person.
// After repeated blocks it steps aside and the person is asked again. A deny never reaches it.
import type { Message } from '../../types/messages.js';
import type { AutoModeReview, AutoModeSession, PermissionDecision } from '../../types/permissions.js';
import type { AnyTool, ToolUseContext } from '../../tools/Tool.js';
import { userRequests } from './requests.js';
import { askReviewer } from './reviewer.js';

type Ask = Extract<PermissionDecision, { behavior: 'ask' }>;

/** In a row, then in all: past either, the person answers again (the reference's limits). */
export const MAX_CONSECUTIVE_BLOCKS = 3;
export const MAX_TOTAL_BLOCKS = 20;
const DEFAULT_TIMEOUT_MS = 20_000;

/** Questions that stay the person's even in auto mode. */
const PERSONAL_REASONS = new Set(['rule', 'safetyCheck']);

/** An ask rule, a protected path, leaving the sandbox or a tool that needs a person. */
export function staysWithPerson(tool: AnyTool, ask: Ask): boolean {
  return (ask.reason !== undefined && PERSONAL_REASONS.has(ask.reason)) || tool.requiresUserInteraction === true;
}

function reviewTimeoutMs(): number {
  const value = Number(process.env.PULSE_AUTO_MODE_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

function pausedReason(session: AutoModeSession): string | undefined {
  if (session.blocks.total >= MAX_TOTAL_BLOCKS) return `the reviewer blocked ${session.blocks.total} calls this session, so every question goes to you now`;
  if (session.blocks.consecutive >= MAX_CONSECUTIVE_BLOCKS) return `the reviewer blocked ${session.blocks.consecutive} calls in a row, so you decide until a call is allowed again`;
  return undefined;
}

function withReview(ask: Ask, review: AutoModeReview, why: string): Ask {
  const question = /[.!?]$/.test(ask.message) ? ask.message : `${ask.message}.`;
  return { ...ask, message: `${question} Auto mode: ${why}.`, review };
}

/** Any allow in auto mode ends a run of blocks. */
export function noteAllowed(session: AutoModeSession | undefined): void {
  if (session) session.blocks.consecutive = 0;
}

export async function reviewInAutoMode(tool: AnyTool, input: Record<string, unknown>, ctx: ToolUseContext, ask: Ask): Promise<PermissionDecision> {
  const permissions = ctx.getPermissionContext();
  const session = permissions.autoMode;
  if (!session || staysWithPerson(tool, ask)) return ask;
  const model = session.reviewerModel;
  const paused = pausedReason(session);
  if (paused) return withReview(ask, { verdict: 'paused', reason: paused, model }, paused);
  if (!ctx.callModel) {
    const reason = 'no model connection is available here';
    return withReview(ask, { verdict: 'unavailable', reason, model }, `the reviewer could not decide: ${reason}`);
  }
  const conversation: readonly Message[] = ctx.conversation?.() ?? [];
  const outcome = await askReviewer({
    callModel: ctx.callModel,
    model,
    requests: userRequests(session, conversation),
    action: { tool: tool.name, input, question: ask.message, workingDirectories: permissions.workingDirectories },
    signal: ctx.abortSignal,
    timeoutMs: reviewTimeoutMs(),
    querySource: ctx.agentId ? `agent:${ctx.agentId}` : 'print',
  });
  const review: AutoModeReview = { ...outcome, model };
  if (outcome.verdict === 'unavailable') return withReview(ask, review, `the reviewer could not decide: ${outcome.reason}`);
  if (outcome.verdict === 'allow') {
    noteAllowed(session);
    return { behavior: 'allow', reason: `Auto mode: ${outcome.reason}`, review };
  }
  session.blocks.consecutive += 1;
  session.blocks.total += 1;
  return {
    behavior: 'deny',
    reason: 'autoMode',
    review,
    message: `Auto mode's reviewer blocked ${tool.userFacingName(input)}: ${outcome.reason} Do not try to get around this; choose another way, or ask the user to do it or to allow it.`,
  };
}
