// readFileState, bounded with the reference's limits (Claude Code 2.1.332 builds its read state
// as an LRU of at most 5,000 records and 25 MiB of texts, and keeps no text over 4 KB, only its
// hash): a session that reads thousands of files must not keep every text it ever read (the
// history already holds what the model was shown). Past `maxEntries` records the least recently
// used goes, and Edit and Write ask for a fresh Read of its file. A text over 4 KB stays whole
// only while its record is the newest one set (the file just read or written, which the next
// Edit most likely checks); once another is set only its hash stays, and the staleness check
// and a post-compaction restore compare the file on disk with it (`recordHolds`).
import type { FileReadRecord } from '../Tool.js';
import { lazyCrypto } from '../../utils/lazyCrypto.js';

export const MAX_READ_RECORDS = 5000;
export const MAX_READ_BYTES = 25 * 1024 * 1024;
/** Texts up to this size are kept whole: hashing them would save little. */
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
  /** The path last set: the one record whose large text is still kept. */
  #newest: string | undefined;

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
    this.#hashNewest();
    super.set(path, record);
    this.#newest = path;
    this.#bytes += weight(record);
    this.#bound();
    return this;
  }

  /** The newest record's text, if large, becomes its hash (its place in the order stays). */
  #hashNewest(): void {
    const path = this.#newest;
    const newest = path === undefined ? undefined : super.get(path);
    if (path === undefined || newest === undefined || Buffer.byteLength(newest.content) <= SMALL_TEXT_BYTES) return;
    const hashed = withoutText(newest);
    super.set(path, hashed);
    this.#bytes += weight(hashed) - weight(newest);
  }

  /**
   * Back within the limits, the least recently used going first. The record just set stays,
   * and its text is not counted against the others: one huge file read must not push out every
   * small one.
   */
  #bound(): void {
    const newest = this.#newest === undefined ? undefined : super.get(this.#newest);
    const newestBytes = newest === undefined ? 0 : weight(newest);
    const over = () => this.size > this.limits.maxEntries || this.#bytes - newestBytes > this.limits.maxBytes;
    for (const [oldest, old] of super.entries()) {
      if (!over()) return;
      if (oldest === this.#newest) continue;
      super.delete(oldest);
      this.#bytes -= weight(old);
    }
  }

  override delete(path: string): boolean {
    const record = super.get(path);
    if (record === undefined) return false;
    this.#bytes -= weight(record);
    if (path === this.#newest) this.#newest = undefined;
    return super.delete(path);
  }

  override clear(): void {
    super.clear();
    this.#bytes = 0;
    this.#newest = undefined;
  }
}
