// One review: the reviewing model is asked about one action and answers allow or block with a
// reason. Anything else (an API error, no answer in time, an answer in another form) means the
// reviewer could not decide, and the caller asks the person instead: auto mode fails closed.
import type { ToolUseContext } from '../../tools/Tool.js';
import { REVIEW_INSTRUCTIONS, reviewRequestText, type ActionUnderReview } from './reviewPrompt.js';

export type ReviewOutcome =
  | { verdict: 'allow' | 'block'; reason: string }
  | { verdict: 'unavailable'; reason: string };

type CallModel = NonNullable<ToolUseContext['callModel']>;

export type ReviewRequest = {
  callModel: CallModel;
  model: string;
  requests: readonly string[];
  action: ActionUnderReview;
  /** The turn's signal: an interrupt stops the review and the call with it. */
  signal: AbortSignal;
  timeoutMs: number;
  querySource: Parameters<CallModel>[0]['querySource'];
};

const MAX_ANSWER_TOKENS = 300;

function noAnswerIn(ms: number): string {
  return `it gave no answer within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}`;
}
// The separator may be a colon, a hyphen or a dash (written as escapes: the bundle is ASCII).
const ANSWER = /^\s*\**\s*(ALLOW|BLOCK)\s*\**\s*[:\-\u2013\u2014]\s*(.+?)\s*$/i;

export function parseReview(text: string): ReviewOutcome {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const match = ANSWER.exec(firstLine);
  if (!match) {
    const shown = firstLine.trim().slice(0, 120);
    return { verdict: 'unavailable', reason: shown ? `its answer was not ALLOW or BLOCK ("${shown}")` : 'it gave no answer' };
  }
  return { verdict: (match[1] as string).toUpperCase() === 'ALLOW' ? 'allow' : 'block', reason: match[2] as string };
}

export async function askReviewer(request: ReviewRequest): Promise<ReviewOutcome> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('review timed out'));
  }, request.timeoutMs);
  let text = '';
  try {
    for await (const event of request.callModel({
      messages: [{ role: 'user', content: reviewRequestText(request.requests, request.action) }],
      system: [{ type: 'text', text: REVIEW_INSTRUCTIONS }],
      tools: [],
      model: request.model,
      maxOutputTokens: MAX_ANSWER_TOKENS,
      signal: controller.signal,
      querySource: request.querySource,
    })) {
      if (event.type === 'tombstone') text = '';
      if (event.type !== 'assistant') continue;
      const said = event.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      if (event.apiError !== undefined) return { verdict: 'unavailable', reason: `the request failed (${said || event.apiError})` };
      text += said;
    }
  } catch (error) {
    if (timedOut) return { verdict: 'unavailable', reason: noAnswerIn(request.timeoutMs) };
    if (request.signal.aborted) throw error;
    return { verdict: 'unavailable', reason: `the request failed (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
  if (timedOut) return { verdict: 'unavailable', reason: noAnswerIn(request.timeoutMs) };
  return parseReview(text);
}
