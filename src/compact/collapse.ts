// Layer 4: a request the model has already answered rarely needs every step that led to the
// answer. A finished stretch (a user prompt, the rounds that worked on it, a final text answer,
// then a new prompt) is replaced by one short summary. The most recent finished stretch stays
// verbatim because the next prompt often builds on it.
//
// The summary is a single meta user message rather than an invented assistant reply: Pulse never
// puts words in the model's mouth, and the API merges it with the next prompt into one turn.
import { randomUuid } from '../utils/random.js';
import type { Message } from '../types/messages.js';
import { answeredToolUseIds, createUserMessage, getToolUseBlocks } from '../utils/messages.js';
import { isRealUserPrompt, lastCompactBoundaryIndex } from './history.js';

export const COLLAPSE_SUMMARY_PREFIX = 'Summary of an earlier finished part of this session:';

export type Summarise = (stretch: Message[]) => Promise<string>;

export type CollapseOptions = {
  summarise: Summarise;
  /** Finished stretches kept verbatim, newest first. */
  keepRecentStretches?: number;
  /** Assistant responses a stretch needs before it is worth a summary call. */
  minRounds?: number;
  uuid?: () => string;
};

export type CollapseResult = { messages: Message[]; collapsed: number };

type Stretch = { start: number; end: number };

function responsesIn(messages: readonly Message[]): Message[][] {
  const responses: Message[][] = [];
  let currentId: string | undefined;
  for (const message of messages) {
    if (message.type !== 'assistant' || message.apiError !== undefined) continue;
    if (message.message.id !== currentId) responses.push([]);
    currentId = message.message.id;
    responses.at(-1)?.push(message);
  }
  return responses;
}

function isFinished(stretch: readonly Message[], minRounds: number): boolean {
  const responses = responsesIn(stretch);
  const last = responses.at(-1);
  if (last === undefined || responses.length < minRounds) return false;
  const lastHasToolUse = last.some((m) => getToolUseBlocks(m).length > 0);
  const lastHasText = last.some(
    (m) => m.type === 'assistant' && m.message.content.some((b) => b.type === 'text' && b.text.trim() !== ''),
  );
  if (lastHasToolUse || !lastHasText) return false;
  const answered = answeredToolUseIds(stretch);
  return stretch.every((m) => getToolUseBlocks(m).every((block) => answered.has(block.id)));
}

/** Finished stretches after the last compact boundary, oldest first. */
export function findFinishedStretches(messages: readonly Message[], minRounds: number): Stretch[] {
  const boundary = lastCompactBoundaryIndex(messages);
  const prompts: number[] = [];
  messages.forEach((message, index) => {
    if (index > boundary && isRealUserPrompt(message)) prompts.push(index);
  });
  const stretches: Stretch[] = [];
  for (let k = 0; k + 1 < prompts.length; k += 1) {
    const start = prompts[k] as number;
    const end = prompts[k + 1] as number;
    if (isFinished(messages.slice(start, end), minRounds)) stretches.push({ start, end });
  }
  return stretches;
}

export async function collapseFinishedStretches(
  messages: Message[],
  options: CollapseOptions,
): Promise<CollapseResult> {
  const stretches = findFinishedStretches(messages, options.minRounds ?? 2);
  const keep = options.keepRecentStretches ?? 1;
  const toCollapse = stretches.slice(0, Math.max(0, stretches.length - keep));
  const uuid = options.uuid ?? randomUuid;
  const summaries = new Map<number, Message>();
  for (const stretch of toCollapse) {
    let summary: string;
    try {
      summary = (await options.summarise(messages.slice(stretch.start, stretch.end))).trim();
    } catch {
      // Collapse is an optimisation: a failed summary leaves the rest of history as it was.
      break;
    }
    if (summary === '') continue;
    summaries.set(stretch.start, createUserMessage({ content: `${COLLAPSE_SUMMARY_PREFIX}\n${summary}`, isMeta: true }, uuid()));
  }
  if (summaries.size === 0) return { messages, collapsed: 0 };
  const next: Message[] = [];
  for (let index = 0; index < messages.length; index += 1) {
    const summary = summaries.get(index);
    const stretch = toCollapse.find((s) => s.start === index);
    if (summary && stretch) {
      next.push(summary);
      index = stretch.end - 1;
      continue;
    }
    next.push(messages[index] as Message);
  }
  return { messages: next, collapsed: summaries.size };
}

/**
 * The prompt-too-long rung: collapse every finished stretch, the newest one too, however short.
 * `collapsed: 0` tells the loop to move on to reactive compaction.
 */
export function drainCollapse(messages: Message[], options: Pick<CollapseOptions, 'summarise' | 'uuid'>): Promise<CollapseResult> {
  return collapseFinishedStretches(messages, { ...options, keepRecentStretches: 0, minRounds: 1 });
}
