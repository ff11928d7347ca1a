// A Read of a file the conversation already shows, unchanged, is sent as a short stub: the
// earlier result still holds. The decision is made on what the request carries, not when the
// tool ran, so it can never point at something the model no longer sees: a result counts as the
// earlier one only while it is still in the request word for word (not cleared, summarised or
// compacted away), a changed file reads differently and goes whole, and after a compaction
// nothing earlier is left, so the file goes whole again. History keeps every result in full.
import type { ContentBlockParam, Message, UserMessage } from '../types/messages.js';
import { getToolUseBlocks } from '../utils/messages.js';
import { resumablePass, runPass, type Pass } from '../utils/resumablePass.js';

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

function resultText(block: ContentBlockParam): string | undefined {
  if (block.type !== 'tool_result' || block.is_error === true) return undefined;
  return typeof block.content === 'string' ? block.content : undefined;
}

/** What the layer has found in the messages it has taken in, in order. */
type StubScan = {
  /** Read calls by tool_use id: the same file and lines make the same key. */
  calls: Map<string, ReadCall>;
  /** The result shown for each key, the latest that differed from the one before. */
  shown: Map<string, { id: string; text: string }>;
  stubbed: Map<string, Stubbed>;
  /** The messages as sent: each the same one, or a copy with stubs. */
  sent: Message[];
  /** Results that answer no Read call seen before them. */
  unmatched: Set<string>;
  /**
   * A Read call came after a result naming its id, or came twice: a scan of the whole list
   * (which finds every call first) would judge the earlier results otherwise.
   */
  outOfOrder: boolean;
  /** Where the latest message given stubs is in `sent` (-1: none yet). */
  lastCopy: number;
};

function stubbedCopy(scan: StubScan, message: UserMessage, content: ContentBlockParam[]): Message {
  for (const [id, entry] of stubsByMessage.get(message) ?? []) scan.stubbed.set(id, entry);
  let blocks: ContentBlockParam[] | undefined;
  const made = new Map<string, Stubbed>();
  content.forEach((block, index) => {
    if (block.type !== 'tool_result') return;
    const call = scan.calls.get(block.tool_use_id);
    if (!call) {
      scan.unmatched.add(block.tool_use_id);
      return;
    }
    const text = resultText(block);
    if (text === undefined || isStub(block)) return;
    const earlier = scan.shown.get(call.key);
    if (earlier?.text !== text) {
      scan.shown.set(call.key, { id: block.tool_use_id, text });
      return;
    }
    blocks ??= [...content];
    blocks[index] = { ...block, content: unchangedReadStub(call.path) };
    made.set(block.tool_use_id, { sourceId: earlier.id, sourceText: text, full: block });
  });
  if (!blocks) return message;
  const copy: UserMessage = { ...message, message: { ...message.message, content: blocks } };
  for (const [id, entry] of made) scan.stubbed.set(id, entry);
  stubsByMessage.set(copy, made);
  return copy;
}

// The next round's history holds the copies this layer sent (the loop carries its request on),
// so the scan resumes after them and judges only the newest messages.
const STUB_PASS: Pass<Message, StubScan> = {
  start: () => ({ calls: new Map(), shown: new Map(), stubbed: new Map(), sent: [], unmatched: new Set(), outOfOrder: false, lastCopy: -1 }),
  rewind: () => undefined,
  add: (scan, message) => {
    for (const [id, call] of readCallsOf(message)) {
      if (scan.calls.has(id) || scan.unmatched.has(id)) scan.outOfOrder = true;
      scan.calls.set(id, call);
    }
    const sent =
      message.type === 'user' && typeof message.message.content !== 'string'
        ? stubbedCopy(scan, message, message.message.content)
        : message;
    if (sent !== message) scan.lastCopy = scan.sent.length;
    scan.sent.push(sent);
    return sent;
  },
};

const stubScan = resumablePass(STUB_PASS);

/**
 * Replaces each Read result that repeats, word for word, an earlier result of the same Read
 * still in `messages`. Returns the very same array when nothing repeats.
 */
export function stubUnchangedReads(messages: Message[]): StubbedReads {
  let scan = stubScan(messages);
  if (scan.outOfOrder) scan = runPass(STUB_PASS, messages);
  if (scan.calls.size < 2) return { messages, stubbed: new Map() };
  // The messages resumed from are the ones sent last time, stubbed copies included, and copies
  // made now come after them: the list is what is sent unless the latest copy is not in it.
  const same = scan.lastCopy === -1 || messages[scan.lastCopy] === scan.sent[scan.lastCopy];
  return { messages: same ? messages : scan.sent.slice(), stubbed: new Map(scan.stubbed) };
}

/** The text of each tool result taken in, by tool_use id (a second result for an id goes in `others`). */
type ResultTexts = { texts: Map<string, string | undefined>; others: Array<readonly [string, string | undefined]> };

const resultTexts = resumablePass<Message, ResultTexts>({
  start: () => ({ texts: new Map(), others: [] }),
  rewind: () => undefined,
  add: (found, message) => {
    if (message.type !== 'user' || typeof message.message.content === 'string') return;
    for (const block of message.message.content) {
      if (block.type !== 'tool_result') continue;
      const text = resultText(block);
      if (found.texts.has(block.tool_use_id)) found.others.push([block.tool_use_id, text]);
      else found.texts.set(block.tool_use_id, text);
    }
  },
});

/** The sources (tool_use id -> text) that some result in `messages` still carries word for word. */
function intactSources(messages: readonly Message[], wanted: ReadonlyMap<string, string>): Set<string> {
  const { texts, others } = resultTexts(messages);
  const intact = new Set<string>();
  for (const [id, text] of wanted) {
    if (texts.get(id) === text || others.some(([otherId, other]) => otherId === id && other === text)) intact.add(id);
  }
  return intact;
}

/**
 * After the later layers have run: a stub whose earlier result they cleared or removed is sent
 * whole again, so a stub never points at something the request no longer carries.
 */
export function restoreOrphanedStubs(messages: Message[], stubbed: ReadonlyMap<string, Stubbed>): Message[] {
  if (stubbed.size === 0) return messages;
  const wanted = new Map([...stubbed.values()].map((entry) => [entry.sourceId, entry.sourceText]));
  const intact = intactSources(messages, wanted);
  if (intact.size === wanted.size) return messages;
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

