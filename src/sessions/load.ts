// Reading a transcript back into history for --continue / --resume. A transcript is external
// input: lines are validated one by one, bad ones are skipped, and nothing here ever throws for
// content (only for a file that cannot be opened at all).
import type { Message, SystemSubtype, UserMessage } from '../types/messages.js';
import type { PermissionMode } from '../types/permissions.js';
import { readLinesSync } from './lines.js';
import { typedPromptText, summarizePrompt } from './promptText.js';
import {
  KNOWN_RECORD_TYPES,
  MESSAGE_ENVELOPE_KEYS,
  transcriptRecordSchema,
  type CostRecord,
  type TodoRecordItem,
  type TranscriptRecord,
} from './records.js';
import { repairToolPairing } from './repair.js';

export type LoadedTranscript = {
  /** History from the last compact boundary on (boundary included), repaired for the API. */
  messages: Message[];
  mode?: PermissionMode;
  todos?: TodoRecordItem[];
  cost?: Pick<CostRecord, 'totalCostUSD' | 'modelUsage'>;
  lastPrompt?: string;
  /** The first typed prompt of the whole session, summarised to one short line. */
  firstPrompt?: string;
  /** tool_use id -> the preview that replaced its result, so a resume resends the same bytes. */
  contentReplacements: Map<string, string>;
  /** The last message in the file: a resumed writer hangs its first message off this one. */
  leafUuid?: string;
  /** Synthetic results added for tool calls the file never answered (already in `messages`). */
  repairs: UserMessage[];
  /** tool_result blocks left out because their call was lost (a damaged line, say). */
  droppedResults: number;
  /** Invalid lines skipped before the end of the file. A torn last line is not counted. */
  errors: number;
};

const SYSTEM_SUBTYPES: Record<SystemSubtype, true> = {
  api_retry: true,
  model_fallback: true,
  compact_boundary: true,
  snip_boundary: true,
  warning: true,
  informational: true,
  refusal: true,
};

function isSystemSubtype(value: string): value is SystemSubtype {
  return Object.hasOwn(SYSTEM_SUBTYPES, value);
}

type ParsedLine = { kind: 'record'; record: TranscriptRecord } | { kind: 'ignored' } | { kind: 'invalid' };

function parseLine(text: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (typeof value !== 'object' || value === null || !('type' in value)) return { kind: 'invalid' };
  // Other writers (the reference tool, later Pulse versions) add kinds we have no use for.
  if (typeof value.type !== 'string' || !KNOWN_RECORD_TYPES.has(value.type)) return { kind: 'ignored' };
  const parsed = transcriptRecordSchema().safeParse(value);
  return parsed.success ? { kind: 'record', record: parsed.data } : { kind: 'invalid' };
}

/** The record minus the line envelope; its shape was checked by the record schema. */
function toMessage(record: TranscriptRecord & { type: 'user' | 'assistant' | 'system' }): Message | undefined {
  if (record.type === 'system' && !isSystemSubtype(record.subtype)) return undefined;
  const fields: Record<string, unknown> = { ...record };
  for (const key of MESSAGE_ENVELOPE_KEYS) delete fields[key];
  if (record.type === 'system' && fields.content === undefined) fields.content = '';
  return fields as unknown as Message;
}

class TranscriptAccumulator {
  messages: Message[] = [];
  readonly result: Omit<LoadedTranscript, 'messages' | 'repairs' | 'droppedResults' | 'errors'> = {
    contentReplacements: new Map(),
  };
  /** The tool journal (see TranscriptWriter): calls that started, responses whose starts are all recorded. */
  readonly started = new Set<string>();
  readonly journaled = new Set<string>();

  add(record: TranscriptRecord): void {
    switch (record.type) {
      case 'user':
      case 'assistant':
      case 'system':
        this.addMessage(record);
        return;
      case 'tombstone':
        this.drop(record.targetUuid);
        return;
      case 'last-prompt':
        this.result.lastPrompt = record.lastPrompt;
        return;
      case 'content-replacement':
        this.result.contentReplacements.set(record.toolUseId, record.replacement);
        return;
      case 'mode':
        this.result.mode = record.permissionMode;
        return;
      case 'todos':
        this.result.todos = record.todos;
        return;
      case 'cost':
        this.result.cost = { totalCostUSD: record.totalCostUSD, modelUsage: record.modelUsage };
        return;
      case 'tool-started':
        this.started.add(record.toolUseId);
        return;
    }
  }

  private addMessage(record: TranscriptRecord & { type: 'user' | 'assistant' | 'system' }): void {
    const message = toMessage(record);
    if (message === undefined) return;
    if (record.type === 'assistant' && record.toolStartsRecorded === true) this.journaled.add(record.uuid);
    if (message.type === 'user' && this.result.firstPrompt === undefined) {
      const text = typedPromptText(message);
      if (text !== undefined) this.result.firstPrompt = summarizePrompt(text);
    }
    // Everything before a compaction is summarised in it; keeping it would only cost memory.
    if (message.type === 'system' && message.subtype === 'compact_boundary') this.messages = [];
    this.messages.push(message);
  }

  /** Tombstones follow their target closely, so the search from the end is short. */
  private drop(uuid: string): void {
    const index = this.messages.findLastIndex((message) => message.uuid === uuid);
    if (index !== -1) this.messages.splice(index, 1);
  }
}

export function loadTranscript(path: string): LoadedTranscript {
  const accumulator = new TranscriptAccumulator();
  let errors = 0;
  // A bad line only counts once another line follows it: the last line may just be torn.
  let pendingInvalid = false;
  for (const line of readLinesSync(path)) {
    if (pendingInvalid) errors += 1;
    const parsed = parseLine(line.text);
    pendingInvalid = parsed.kind === 'invalid';
    if (parsed.kind === 'record') accumulator.add(parsed.record);
  }
  const { messages, result, started, journaled } = accumulator;
  const leafUuid = messages.at(-1)?.uuid;
  const repaired = repairToolPairing(messages, { started, journaled });
  const loaded: LoadedTranscript = {
    ...result,
    messages: repaired.messages,
    repairs: repaired.repairs,
    droppedResults: repaired.droppedResults,
    errors,
  };
  if (leafUuid !== undefined) loaded.leafUuid = leafUuid;
  return loaded;
}
