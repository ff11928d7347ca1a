// A Read of a file the conversation already shows, unchanged, is sent as a short stub: the
// earlier result still holds. The decision is made on what the request carries, not when the
// tool ran, so it can never point at something the model no longer sees: a result counts as the
// earlier one only while it is still in the request word for word (not cleared, summarised or
// compacted away), a changed file reads differently and goes whole, and after a compaction
// nothing earlier is left, so the file goes whole again. History keeps every result in full.
import type { ContentBlockParam, Message, UserMessage } from '../types/messages.js';
import { getToolUseBlocks } from '../utils/messages.js';

const READ_TOOL = 'Read';

const STUB_END = 'that result still holds, so the contents are not repeated here.</system-reminder>';

export function unchangedReadStub(path: string): string {
  return `<system-reminder>${path} is unchanged since an earlier Read of the same lines in this conversation: ${STUB_END}`;
}

function isStub(block: ContentBlockParam): boolean {
  return resultText(block)?.endsWith(STUB_END) === true;
}

/** A stubbed result, with what it stands for, so it can be sent whole again if its source goes. */
type Stubbed = { sourceId: string; sourceText: string; full: ContentBlockParam };

// The loop carries the request it sent into its next round, stubs included, so what each stub
// stands for stays with the message that holds it (messages never change once made).
const stubsByMessage = new WeakMap<Message, ReadonlyMap<string, Stubbed>>();

export type StubbedReads = { messages: Message[]; stubbed: ReadonlyMap<string, Stubbed> };

type ReadCall = { key: string; path: string };

// A message's Read calls, found once: the layer runs every round over the whole history.
const readCallsByMessage = new WeakMap<Message, ReadonlyArray<readonly [string, ReadCall]>>();

function readCallsOf(message: Message): ReadonlyArray<readonly [string, ReadCall]> {
  const known = readCallsByMessage.get(message);
  if (known) return known;
  const found: Array<readonly [string, ReadCall]> = [];
  for (const block of getToolUseBlocks(message)) {
    if (block.name !== READ_TOOL) continue;
    const input = block.input as { file_path?: unknown; offset?: unknown; limit?: unknown } | null;
    if (typeof input?.file_path !== 'string') continue;
    found.push([block.id, { key: JSON.stringify([input.file_path, input.offset ?? null, input.limit ?? null]), path: input.file_path }]);
  }
  readCallsByMessage.set(message, found);
  return found;
}

/** Read calls by tool_use id: the same file and lines make the same key. */
function readCalls(messages: readonly Message[]): Map<string, ReadCall> {
  const calls = new Map<string, ReadCall>();
  for (const message of messages) for (const [id, call] of readCallsOf(message)) calls.set(id, call);
  return calls;
}

function resultText(block: ContentBlockParam): string | undefined {
  if (block.type !== 'tool_result' || block.is_error === true) return undefined;
  return typeof block.content === 'string' ? block.content : undefined;
}

/**
 * Replaces each Read result that repeats, word for word, an earlier result of the same Read
 * still in `messages`. Returns the very same array when nothing repeats.
 */
export function stubUnchangedReads(messages: Message[]): StubbedReads {
  const calls = readCalls(messages);
  const stubbed = new Map<string, Stubbed>();
  if (calls.size < 2) return { messages, stubbed };
  const shown = new Map<string, { id: string; text: string }>();
  let changed = false;
  const next = messages.map((message) => {
    if (message.type !== 'user' || typeof message.message.content === 'string') return message;
    for (const [id, entry] of stubsByMessage.get(message) ?? []) stubbed.set(id, entry);
    let blocks: ContentBlockParam[] | undefined;
    const made = new Map<string, Stubbed>();
    message.message.content.forEach((block, index) => {
      const call = block.type === 'tool_result' ? calls.get(block.tool_use_id) : undefined;
      const text = resultText(block);
      if (!call || text === undefined || block.type !== 'tool_result' || isStub(block)) return;
      const earlier = shown.get(call.key);
      if (earlier?.text !== text) {
        shown.set(call.key, { id: block.tool_use_id, text });
        return;
      }
      blocks ??= [...(message.message.content as ContentBlockParam[])];
      blocks[index] = { ...block, content: unchangedReadStub(call.path) };
      made.set(block.tool_use_id, { sourceId: earlier.id, sourceText: text, full: block });
    });
    if (!blocks) return message;
    changed = true;
    const copy: UserMessage = { ...message, message: { ...message.message, content: blocks } };
    for (const [id, entry] of made) stubbed.set(id, entry);
    stubsByMessage.set(copy, made);
    return copy;
  });
  return { messages: changed ? next : messages, stubbed };
}

/**
 * After the later layers have run: a stub whose earlier result they cleared or removed is sent
 * whole again, so a stub never points at something the request no longer carries.
 */
export function restoreOrphanedStubs(messages: Message[], stubbed: ReadonlyMap<string, Stubbed>): Message[] {
  if (stubbed.size === 0) return messages;
  const intact = new Set<string>();
  const wanted = new Map([...stubbed.values()].map((entry) => [entry.sourceId, entry.sourceText]));
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) {
      if (block.type !== 'tool_result') continue;
      const text = wanted.get(block.tool_use_id);
      if (text !== undefined && resultText(block) === text) intact.add(block.tool_use_id);
    }
  }
  let changed = false;
  const next = messages.map((message) => {
    if (message.type !== 'user' || typeof message.message.content === 'string') return message;
    let touched = false;
    const blocks = message.message.content.map((block) => {
      const entry = block.type === 'tool_result' ? stubbed.get(block.tool_use_id) : undefined;
      // A stub the later layers cleared stays cleared; only a live one is sent whole again.
      if (!entry || intact.has(entry.sourceId) || !isStub(block)) return block;
      touched = true;
      return entry.full;
    });
    if (!touched) return message;
    changed = true;
    return { ...message, message: { ...message.message, content: blocks } } satisfies UserMessage;
  });
  return changed ? next : messages;
}

