// The transcript writer: one JSON line per record, appended with one synchronous write to a file
// opened for appending, so a crash can only ever tear the last line and nothing is buffered.
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LoopEvent, Message } from '../types/messages.js';
import { getToolUseBlocks } from '../utils/messages.js';
import { transcriptPath } from './paths.js';
import { appendWholeSync } from './writeWhole.js';
import type { SessionStateRecord } from './records.js';

export type TranscriptOptions = {
  cwd: string;
  sessionId: string;
  /** Pulse's version, stamped on every message line. */
  version: string;
  gitBranch?: string;
  /** Write somewhere other than the session's transcript (sub-agent logs). */
  path?: string;
  /** Marks every line as a sub-agent's side conversation. */
  agentId?: string;
  /** The last message already in the file, so a resumed session continues its parentUuid chain. */
  parentUuid?: string | null;
  /** Messages already in the file (resume); appending one of them again writes nothing. */
  existingUuids?: Iterable<string>;
  /** Told about a failed write; the session goes on without a transcript rather than dying. */
  onError?: (error: unknown) => void;
  /**
   * The caller writes a `tool-started` record for every call it runs (LiveSession's tool journal):
   * assistant lines with tool calls say so, so a loader may trust a missing record to mean "never ran".
   */
  recordsToolStarts?: boolean;
};

export interface TranscriptWriter {
  readonly sessionId: string;
  /** Undefined for the null writer. */
  readonly path: string | undefined;
  /** Persists history messages and tombstones; stream and progress events are ignored. */
  append(event: LoopEvent | SessionStateRecord): void;
  appendRecord(record: SessionStateRecord): void;
  /** Whether this writer has put the message in the file (or found it there on resume). */
  has(uuid: string): boolean;
  close(): void;
}

type Line = Record<string, unknown>;

class FileTranscriptWriter implements TranscriptWriter {
  readonly sessionId: string;
  readonly path: string;
  private fd: number | undefined;
  private broken = false;
  private lastUuid: string | null;
  /** parentUuid of each message written by this writer, to step back over tombstoned ones. */
  private readonly parents = new Map<string, string | null>();
  private readonly existing: Set<string>;
  private readonly tombstoned = new Set<string>();

  constructor(private readonly options: TranscriptOptions) {
    this.sessionId = options.sessionId;
    this.path = options.path ?? transcriptPath(options.cwd, options.sessionId);
    this.lastUuid = options.parentUuid ?? null;
    this.existing = new Set(options.existingUuids ?? []);
  }

  append(event: LoopEvent | SessionStateRecord): void {
    switch (event.type) {
      case 'user':
      case 'assistant':
      case 'system':
        this.appendMessage(event);
        return;
      case 'tombstone':
        this.appendTombstone(event.message.uuid);
        return;
      case 'last-prompt':
      case 'content-replacement':
      case 'mode':
      case 'todos':
      case 'cost':
      case 'tool-started':
        this.appendRecord(event);
        return;
      default:
        return;
    }
  }

  appendRecord(record: SessionStateRecord): void {
    if (record.type === 'last-prompt') {
      this.writeLine({ ...record, leafUuid: this.lastUuid, sessionId: this.sessionId });
      return;
    }
    this.writeLine({ ...record, sessionId: this.sessionId, timestamp: new Date().toISOString() });
  }

  has(uuid: string): boolean {
    return this.existing.has(uuid) || this.parents.has(uuid);
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private appendMessage(message: Message): void {
    if (this.has(message.uuid)) return;
    const parentUuid = this.lastUuid;
    const { type, uuid, timestamp, ...fields } = message;
    const journaled = this.options.recordsToolStarts === true && getToolUseBlocks(message).length > 0;
    const written = this.writeLine({
      type,
      uuid,
      parentUuid,
      timestamp,
      isSidechain: this.options.agentId !== undefined,
      ...this.envelope(),
      ...(journaled ? { toolStartsRecorded: true } : {}),
      ...fields,
    });
    if (!written) return;
    this.parents.set(message.uuid, parentUuid);
    this.lastUuid = message.uuid;
  }

  private appendTombstone(targetUuid: string): void {
    const written = this.writeLine({
      type: 'tombstone',
      targetUuid,
      sessionId: this.sessionId,
      timestamp: new Date().toISOString(),
    });
    if (!written) return;
    this.tombstoned.add(targetUuid);
    // The next message must hang off the last one still alive, or the chain would point at a
    // message a loader drops.
    while (this.lastUuid !== null && this.tombstoned.has(this.lastUuid)) {
      const parent = this.parents.get(this.lastUuid);
      if (parent === undefined) break;
      this.lastUuid = parent;
    }
  }

  private envelope(): Line {
    const { cwd, version, gitBranch, agentId } = this.options;
    const fields: Line = { cwd, sessionId: this.sessionId, version };
    if (gitBranch !== undefined) fields.gitBranch = gitBranch;
    if (agentId !== undefined) fields.agentId = agentId;
    return fields;
  }

  /** True when the line reached the file. */
  private writeLine(line: Line): boolean {
    if (this.broken) return false;
    let text: string;
    try {
      text = `${JSON.stringify(line)}\n`;
    } catch (error) {
      // One unserialisable record (a cyclic tool result) loses that line, not the session's log.
      this.options.onError?.(error);
      return false;
    }
    try {
      appendWholeSync(this.openOnce(), text);
      return true;
    } catch (error) {
      this.broken = true;
      this.options.onError?.(error);
      return false;
    }
  }

  /** Opened on the first write, so a session that never says anything leaves no file. */
  private openOnce(): number {
    if (this.fd !== undefined) return this.fd;
    mkdirSync(dirname(this.path), { recursive: true });
    const fd = openSync(this.path, 'a+');
    this.fd = fd;
    terminateTornLine(fd);
    return fd;
  }
}

/** A crash may have left half a line at the end; start ours on a fresh line so both stay apart. */
function terminateTornLine(fd: number): void {
  const { size } = fstatSync(fd);
  if (size === 0) return;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  if (last[0] !== 0x0a) writeSync(fd, '\n');
}

export function openTranscript(options: TranscriptOptions): TranscriptWriter {
  return new FileTranscriptWriter(options);
}

/** `--no-session-persistence`: the same interface, writing nothing. */
export function createNullWriter(sessionId = ''): TranscriptWriter {
  return {
    sessionId,
    path: undefined,
    append: () => {},
    appendRecord: () => {},
    has: () => false,
    close: () => {},
  };
}
