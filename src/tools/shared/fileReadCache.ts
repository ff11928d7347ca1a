// readFileState, bounded with the reference's limits (Claude Code 2.1.332 builds its read state
// as an LRU of at most 5,000 records and 25 MiB of texts, and keeps no text over 4 KB, only its
// hash): a session that reads thousands of files, or a few huge ones, must not keep every text
// it ever read. Past `maxEntries` records the least recently used goes, and Edit and Write ask
// for a fresh Read of its file. Past `maxBytes` the least recently used large texts go first and
// only their hash stays, so a few huge files read cost the model no re-Read.
import type { FileReadRecord } from '../Tool.js';
import { lazyCrypto } from '../../utils/lazyCrypto.js';

export const MAX_READ_RECORDS = 5000;
export const MAX_READ_BYTES = 25 * 1024 * 1024;
/** Texts up to this size are kept whatever the total: hashing them would save little. */
const SMALL_TEXT_BYTES = 4096;

export type FileReadLimits = { maxEntries: number; maxBytes: number };

const DEFAULT_LIMITS: FileReadLimits = { maxEntries: MAX_READ_RECORDS, maxBytes: MAX_READ_BYTES };

/** What a record weighs: its text's UTF-8 size, at least 1 so empty files count too. */
const weight = (record: FileReadRecord): number => Math.max(1, Buffer.byteLength(record.content));

const hashOf = (text: string): string => lazyCrypto().createHash('sha256').update(text).digest('base64');

/** Whether `text` is the text the record was read with (kept, or only hashed). */
export function recordHolds(record: FileReadRecord, text: string): boolean {
  return record.contentHash === undefined ? record.content === text : record.contentHash === hashOf(text);
}

const withoutText = (record: FileReadRecord): FileReadRecord => ({ ...record, content: '', contentHash: hashOf(record.content) });

/**
 * A Map whose `get` and `set` mark a path as most recently used (Map order: least recent first),
 * so code written against a plain Map keeps working.
 */
export class FileReadCache extends Map<string, FileReadRecord> {
  readonly limits: FileReadLimits;
  #bytes = 0;

  // Entries are added after `super()`: Map's constructor would call the overridden `set` before
  // the private field exists.
  constructor(entries?: Iterable<readonly [string, FileReadRecord]>, limits: FileReadLimits = DEFAULT_LIMITS) {
    super();
    this.limits = limits;
    for (const [path, record] of entries ?? []) this.set(path, record);
  }

  /** A copy for a sub-agent: the same records and limits, its later reads its own. */
  static copyOf(state: ReadonlyMap<string, FileReadRecord>): FileReadCache {
    return new FileReadCache(state, state instanceof FileReadCache ? state.limits : DEFAULT_LIMITS);
  }

  /** The UTF-8 size of the texts held. */
  get bytes(): number {
    return this.#bytes;
  }

  override get(path: string): FileReadRecord | undefined {
    const record = super.get(path);
    if (record === undefined) return undefined;
    super.delete(path);
    super.set(path, record);
    return record;
  }

  override set(path: string, record: FileReadRecord): this {
    this.delete(path);
    super.set(path, record);
    const added = weight(record);
    this.#bytes += added;
    this.#bound(path, added);
    return this;
  }

  /**
   * Back within the limits. The record just read or written (`newest`) stays whole and is not
   * counted against the others: one huge file read must not push out every small one.
   */
  #bound(newest: string, newestBytes: number): void {
    for (const [oldest, old] of super.entries()) {
      if (this.size <= this.limits.maxEntries || oldest === newest) break;
      super.delete(oldest);
      this.#bytes -= weight(old);
    }
    const over = () => this.#bytes - newestBytes > this.limits.maxBytes;
    for (const [path, record] of super.entries()) {
      if (!over() || path === newest) break;
      if (Buffer.byteLength(record.content) <= SMALL_TEXT_BYTES) continue;
      const hashed = withoutText(record);
      super.set(path, hashed);
      this.#bytes += weight(hashed) - weight(record);
    }
    // Still over with only small texts held (custom limits): the oldest go.
    for (const [oldest, old] of super.entries()) {
      if (!over() || oldest === newest) return;
      super.delete(oldest);
      this.#bytes -= weight(old);
    }
  }

  override delete(path: string): boolean {
    const record = super.get(path);
    if (record === undefined) return false;
    this.#bytes -= weight(record);
    return super.delete(path);
  }

  override clear(): void {
    super.clear();
    this.#bytes = 0;
  }
}
