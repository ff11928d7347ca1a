// The request body as bytes, built so a round's cost does not grow with the conversation.
// Content blocks are never changed once made (the loop's history is immutable: a layer that
// shrinks a block makes a new one), so a message whose role and blocks are the ones it had last
// time has the same JSON. The messages a conversation has settled on (all but the newest, which
// carries the cache breakpoint) are kept encoded, back to back, in one buffer per conversation:
// each request checks that its messages still begin with them (the same blocks, or blocks of the
// very same members; no JSON), and serialises only what follows. The bytes are exactly JSON.stringify(body)'s.
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { sharedPrefixLength } from '../utils/resumablePass.js';

/**
 * A body in pieces. It is an (empty) Uint8Array so the SDK passes it to fetch untouched;
 * nodeFetch writes the pieces to the socket one after another, with no copy into one buffer.
 */
export class SerializedBody extends Uint8Array {
  readonly size: number;

  constructor(readonly pieces: readonly Uint8Array[]) {
    super(0);
    this.size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  }

  /** One buffer, for a transport that cannot take pieces. */
  joined(): Buffer {
    return Buffer.concat(this.pieces, this.size);
  }
}

type Plain = { role: unknown; content: unknown };

const isRecord = (item: unknown): item is Record<string, unknown> =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

/** A message whose JSON is `{"role":…,"content":…}`: those two members, in that order. */
function isPlain(message: unknown): message is Plain {
  if (!isRecord(message)) return false;
  let count = 0;
  for (const key in message) {
    if (key !== (count === 0 ? 'role' : 'content')) return false;
    count++;
  }
  return count === 2 && (typeof message.content === 'string' || Array.isArray(message.content));
}

/**
 * The same block, or one made again from the same parts: a message merged from several (a tool
 * result and a hook's context, say) gets a fresh text block for its string part every request.
 * Same members in the same order, each the very same value, make the same JSON.
 */
function sameBlock(before: unknown, now: unknown): boolean {
  if (before === now) return true;
  if (!isRecord(before) || !isRecord(now)) return false;
  const keys = Object.keys(before);
  const nowKeys = Object.keys(now);
  if (keys.length !== nowKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== nowKeys[i] || before[key] !== now[key]) return false;
  }
  return true;
}

/**
 * What a settled message was (the object, whether it was frozen, its role, and its text or the
 * very blocks it held) and where its bytes end. A frozen object stays frozen, so asking once is
 * enough: matching a long history is then one comparison a message.
 */
type Entry = { message: Plain; frozen: boolean; role: unknown; content: unknown; chunk: number; end: number };

/** A message that cannot have changed: frozen, with its blocks (normalizeMessagesForAPI settles messages so). */
function isFrozenMessage(message: Plain): boolean {
  return Object.isFrozen(message) && (typeof message.content === 'string' || Object.isFrozen(message.content));
}

function sameMessage(entry: Entry, message: unknown): boolean {
  if (message === entry.message && entry.frozen) return true;
  if (!isPlain(message) || entry.role !== message.role) return false;
  const { content } = message;
  if (typeof content === 'string' || typeof entry.content === 'string') return entry.content === content;
  const blocks = entry.content as unknown[];
  const now = content as unknown[];
  if (blocks.length !== now.length) return false;
  for (let i = 0; i < now.length; i++) if (!sameBlock(blocks[i], now[i])) return false;
  return true;
}

/** Stands in the list of frozen settled messages for one that is not frozen: no message is it. */
const NOT_FROZEN = Symbol('not frozen');

/** Settled bytes are kept in chunks of this size (a message larger than one gets its own). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * One conversation's settled messages: `m0`, `,m1`, `,m2` … encoded back to back in chunks.
 * Chunks let the history grow without copying it and hold no more than a chunk's slack. Bytes
 * already written are never written again (a request still being sent may hold them):
 * appending writes past them, and dropping messages copies the kept part of the last chunk
 * kept to a new one.
 */
class SettledMessages {
  private chunks: Buffer[] = [];
  /** How many bytes of each chunk are settled messages. */
  private used: number[] = [];
  private entries: Entry[] = [];
  /**
   * Each entry's message while it is frozen, else NOT_FROZEN: the run of very same frozen
   * messages a request begins with is found in one tight walk of two arrays.
   */
  private frozen: unknown[] = [];

  /** How many of the list's first messages are the settled ones, after dropping those that are not. */
  match(list: readonly unknown[]): number {
    let count = sharedPrefixLength(this.frozen, list);
    while (count < this.entries.length && count < list.length) {
      const entry = this.entries[count] as Entry;
      const message = list[count];
      if (!sameMessage(entry, message)) break;
      // Made again alike: the next request likely carries this object.
      if (message !== entry.message && isPlain(message)) {
        entry.message = message;
        entry.frozen = isFrozenMessage(message);
        this.frozen[count] = entry.frozen ? message : NOT_FROZEN;
      }
      count++;
    }
    if (count < this.entries.length) this.keep(count);
    return count;
  }

  append(message: Plain): void {
    const json = `${this.entries.length === 0 ? '' : ','}${JSON.stringify(message)}`;
    const size = Buffer.byteLength(json);
    let last = this.chunks.length - 1;
    let chunk = this.chunks[last];
    let start = this.used[last] ?? 0;
    if (!chunk || start + size > chunk.length) {
      chunk = Buffer.allocUnsafeSlow(Math.max(size, CHUNK_BYTES));
      this.chunks.push(chunk);
      this.used.push(0);
      start = 0;
      last++;
    }
    const end = start + chunk.write(json, start);
    this.used[last] = end;
    // The blocks are kept as they are now, unless nothing can change them.
    const frozen = isFrozenMessage(message);
    const content = Array.isArray(message.content) && !frozen ? message.content.slice() : message.content;
    this.entries.push({ message, frozen, role: message.role, content, chunk: last, end });
    this.frozen.push(frozen ? message : NOT_FROZEN);
  }

  /** The settled bytes, a piece per chunk. */
  encoded(): Buffer[] {
    return this.chunks.map((chunk, index) => chunk.subarray(0, this.used[index]));
  }

  private keep(count: number): void {
    this.entries.length = count;
    this.frozen.length = count;
    const last = this.entries[count - 1];
    if (!last) {
      this.chunks = [];
      this.used = [];
      return;
    }
    const kept = (this.chunks[last.chunk] as Buffer).subarray(0, last.end);
    const fresh = Buffer.allocUnsafeSlow(Math.max(kept.length, CHUNK_BYTES));
    kept.copy(fresh);
    this.chunks = [...this.chunks.slice(0, last.chunk), fresh];
    this.used = [...this.used.slice(0, last.chunk), last.end];
  }
}

/**
 * Conversations are told apart by the first block of their second message (the first reply),
 * an object the conversation keeps for its whole life; its settled bytes go when it does.
 */
const conversations = new WeakMap<object, SettledMessages>();

function settledFor(list: readonly unknown[]): SettledMessages | undefined {
  const second = list[1];
  const key = isPlain(second) && Array.isArray(second.content) ? second.content[0] : undefined;
  if (!isRecord(key)) return undefined;
  let settled = conversations.get(key);
  if (!settled) {
    settled = new SettledMessages();
    conversations.set(key, settled);
  }
  return settled;
}

class PieceWriter {
  readonly pieces: Uint8Array[] = [];
  private text = '';

  write(text: string): void {
    this.text += text;
  }

  writeBytes(bytes: Uint8Array): void {
    this.flush();
    if (bytes.length > 0) this.pieces.push(bytes);
  }

  flush(): void {
    if (this.text === '') return;
    this.pieces.push(Buffer.from(this.text));
    this.text = '';
  }
}

function writeMessages(out: PieceWriter, list: readonly unknown[]): void {
  const settled = settledFor(list);
  let count = settled?.match(list) ?? 0;
  // Every message but the newest settles; one of another shape ends the settled run.
  while (settled && count < list.length - 1) {
    const message = list[count];
    if (!isPlain(message)) break;
    settled.append(message);
    count++;
  }
  out.write('[');
  if (settled && count > 0) for (const piece of settled.encoded()) out.writeBytes(piece);
  for (let index = count; index < list.length; index++) {
    // What JSON.stringify writes for an array element without JSON: null.
    out.write(`${index === 0 ? '' : ','}${JSON.stringify(list[index]) ?? 'null'}`);
  }
  out.write(']');
}

/** JSON.stringify's rules for the body's members (in key order; one without JSON is left out). */
export function serializeRequestBody(body: MessageCreateParamsStreaming): SerializedBody {
  const out = new PieceWriter();
  out.write('{');
  let first = true;
  for (const [key, value] of Object.entries(body)) {
    const pieced = key === 'messages' && Array.isArray(value);
    const json = pieced ? undefined : JSON.stringify(value);
    if (!pieced && json === undefined) continue;
    out.write(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (pieced) writeMessages(out, value);
    else out.write(json as string);
  }
  out.write('}');
  out.flush();
  return new SerializedBody(out.pieces);
}
