// A transcript is repaired on load so the conversation sent is always one the API accepts. A crash
// or kill can end it (or, after a bad write, pause it) on a tool_use that never got its result,
// and a damaged line can take a tool_use with it, leaving its tool_result answering nothing. The
// loader drops results that answer no call of the response right before them (and second answers
// to one call), then answers every call left open, saying as truthfully as the file allows
// whether the call ran.
import type { AssistantMessage, ContentBlockParam, Message, UserMessage } from '../types/messages.js';
import { answeredToolUseIds, getToolUseBlocks, syntheticToolResultsFor } from '../utils/messages.js';

/** The call had started when the session stopped: its effects may be there, in full or in part. */
export const UNKNOWN_OUTCOME_RESULT =
  'The session stopped while this tool call was running, so its outcome is unknown: it may have run, in full or in part. Check its effects before repeating it.';
/** The writer records every start, and this call never started. */
export const NOT_STARTED_RESULT = 'Not run: the session stopped before this tool call started.';

/** What the file says about tool calls beyond their results (see TranscriptWriter's tool journal). */
export type ToolCallEvidence = {
  /** tool_use ids whose call had started. */
  started: ReadonlySet<string>;
  /** Assistant message uuids written by a writer that records every start. */
  journaled: ReadonlySet<string>;
};

const NO_EVIDENCE: ToolCallEvidence = { started: new Set(), journaled: new Set() };

/** Messages the API never sees; they neither end a response nor answer a tool call. */
function isTransparent(message: Message): boolean {
  return message.type === 'system' || (message.type === 'assistant' && message.apiError !== undefined);
}

function isModelTurn(message: Message): message is AssistantMessage {
  return message.type === 'assistant' && message.apiError === undefined;
}

export type RepairResult = {
  messages: Message[];
  /** The synthetic results added, in order, for a caller that wants to persist them. */
  repairs: UserMessage[];
  /** tool_result blocks dropped because no call right before them was theirs. */
  droppedResults: number;
};

export function repairToolPairing(messages: readonly Message[], evidence: ToolCallEvidence = NO_EVIDENCE): RepairResult {
  const { kept, dropped } = dropUnmatchedResults(messages);
  const { out, repairs } = answerOpenToolUses(kept, evidence);
  return { messages: out, repairs, droppedResults: dropped };
}

/**
 * Walks the history as normalizeMessagesForAPI groups it: consecutive model messages of one
 * response are one assistant turn, and the user messages up to the next model message answer it.
 */
function dropUnmatchedResults(messages: readonly Message[]): { kept: Message[]; dropped: number } {
  const kept: Message[] = [];
  let dropped = 0;
  let responseId: string | undefined;
  let answering = false;
  let callable = new Set<string>();
  const answered = new Set<string>();
  for (const message of messages) {
    if (isModelTurn(message)) {
      if (answering || message.message.id !== responseId) {
        responseId = message.message.id;
        answering = false;
        callable = new Set();
        answered.clear();
      }
      for (const block of getToolUseBlocks(message)) callable.add(block.id);
      kept.push(message);
      continue;
    }
    if (message.type !== 'user') {
      kept.push(message);
      continue;
    }
    answering = true;
    const content = message.message.content;
    if (typeof content === 'string') {
      kept.push(message);
      continue;
    }
    const matched = content.filter((block) => {
      if (block.type !== 'tool_result') return true;
      if (!callable.has(block.tool_use_id) || answered.has(block.tool_use_id)) return false;
      answered.add(block.tool_use_id);
      return true;
    });
    dropped += content.length - matched.length;
    if (matched.length === content.length) kept.push(message);
    else if (matched.length > 0) kept.push(withContent(message, matched));
  }
  return { kept, dropped };
}

function withContent(message: UserMessage, content: ContentBlockParam[]): UserMessage {
  return { ...message, message: { ...message.message, content } };
}

/**
 * Adds an is_error tool_result right after every assistant response whose tool_use blocks are
 * not answered before the next response. The merge in normalizeMessagesForAPI puts tool results
 * first in the user turn, so inserting before an existing user message is still valid.
 */
function answerOpenToolUses(messages: readonly Message[], evidence: ToolCallEvidence): { out: Message[]; repairs: UserMessage[] } {
  const out: Message[] = [];
  const repairs: UserMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const first = messages[index];
    if (first === undefined || !isModelTurn(first)) {
      if (first !== undefined) out.push(first);
      index += 1;
      continue;
    }
    const response: AssistantMessage[] = [];
    while (index < messages.length) {
      const message = messages[index];
      if (message === undefined) break;
      const sameResponse = isModelTurn(message) && message.message.id === first.message.id;
      if (!sameResponse && !isTransparent(message)) break;
      if (sameResponse) response.push(message);
      out.push(message);
      index += 1;
    }
    if (!response.some((message) => getToolUseBlocks(message).length > 0)) continue;
    const answered = answeredToolUseIds(answersUntilNextTurn(messages, index));
    const synthetic = response.flatMap((message) => answersFor(message, answered, evidence));
    out.push(...synthetic);
    repairs.push(...synthetic);
  }
  return { out, repairs };
}

/** Only a writer that records every start can show a call never started; otherwise it may have run. */
function answersFor(message: AssistantMessage, answered: ReadonlySet<string>, evidence: ToolCallEvidence): UserMessage[] {
  const open = getToolUseBlocks(message)
    .map((block) => block.id)
    .filter((id) => !answered.has(id));
  const notStarted = open.filter((id) => evidence.journaled.has(message.uuid) && !evidence.started.has(id));
  const unknown = open.filter((id) => !notStarted.includes(id));
  return [
    ...syntheticToolResultsFor([message], UNKNOWN_OUTCOME_RESULT, new Set([...answered, ...notStarted])),
    ...syntheticToolResultsFor([message], NOT_STARTED_RESULT, new Set([...answered, ...unknown])),
  ];
}

function answersUntilNextTurn(messages: readonly Message[], from: number): Message[] {
  const answers: Message[] = [];
  for (let i = from; i < messages.length; i += 1) {
    const message = messages[i];
    if (message === undefined || isModelTurn(message)) break;
    answers.push(message);
  }
  return answers;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One line saying what the loader changed, or undefined when the file needed nothing. */
export function describeRepairs(repaired: { errors: number; droppedResults: number; repairs: readonly UserMessage[] }): string | undefined {
  const parts: string[] = [];
  if (repaired.errors > 0) parts.push(`skipped ${count(repaired.errors, 'damaged line', 'damaged lines')}`);
  if (repaired.droppedResults > 0) {
    parts.push(`dropped ${count(repaired.droppedResults, 'tool result whose call was lost', 'tool results whose calls were lost')}`);
  }
  if (repaired.repairs.length > 0) {
    parts.push(`answered ${count(repaired.repairs.length, 'unfinished tool call', 'unfinished tool calls')} as interrupted`);
  }
  return parts.length === 0 ? undefined : `the session's transcript was repaired to resume it: ${parts.join(', ')}`;
}
