// The record kinds a transcript line can hold, as zod schemas: the file is external input (a crash,
// an older Pulse or the reference tool may have written it), so every line is validated on load.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { PERMISSION_MODES } from '../types/permissions.js';

/** Fields every message line carries besides the message itself; stripped again on load. */
export const MESSAGE_ENVELOPE_KEYS = [
  'parentUuid',
  'logicalParentUuid',
  'isSidechain',
  'cwd',
  'sessionId',
  'version',
  'gitBranch',
  'userType',
  'entrypoint',
  'promptId',
  'promptSource',
  'permissionMode',
  'slug',
  'agentId',
  'toolStartsRecorded',
] as const;

const block = lazySchema(() => z.looseObject({ type: z.string() }));

const messageEnvelope = lazySchema(() => ({
  uuid: z.string().min(1),
  timestamp: z.string(),
  parentUuid: z.string().nullable().optional(),
  isSidechain: z.boolean().optional(),
}));

export const userRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('user'),
    ...messageEnvelope(),
    message: z.looseObject({
      role: z.literal('user'),
      content: z.union([z.string(), z.array(block())]),
    }),
    isMeta: z.boolean().optional(),
  }),
);

export const assistantRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('assistant'),
    ...messageEnvelope(),
    message: z.looseObject({
      id: z.string(),
      role: z.literal('assistant'),
      content: z.array(block()),
    }),
  }),
);

export const systemRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('system'),
    ...messageEnvelope(),
    subtype: z.string(),
    content: z.string().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
);

export const todoItemSchema = lazySchema(() =>
  z.looseObject({
    content: z.string(),
    status: z.enum(['pending', 'in_progress', 'completed']),
    activeForm: z.string().optional(),
  }),
);
export type TodoRecordItem = z.infer<ReturnType<typeof todoItemSchema>>;

/** Same fields as the session singleton's ModelUsage, so it can be passed straight in. */
export const modelUsageSchema = lazySchema(() =>
  z.looseObject({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadInputTokens: z.number(),
    cacheCreationInputTokens: z.number(),
    webSearchRequests: z.number(),
    costUSD: z.number(),
  }),
);
export type ModelUsageRecord = z.infer<ReturnType<typeof modelUsageSchema>>;

/** The records a caller hands to `appendRecord`; the writer adds sessionId and timestamp. */
export const lastPromptRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('last-prompt'),
    lastPrompt: z.string(),
    leafUuid: z.string().nullable().optional(),
  }),
);

/** A tool result replaced by a spill-file preview, so a resume sends the same bytes again. */
export const contentReplacementRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('content-replacement'),
    toolUseId: z.string(),
    replacement: z.string(),
  }),
);

export const modeRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('mode'),
    permissionMode: z.enum(PERMISSION_MODES),
  }),
);

export const todosRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('todos'),
    todos: z.array(todoItemSchema()),
  }),
);

export const costRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('cost'),
    totalCostUSD: z.number(),
    modelUsage: z.record(z.string(), modelUsageSchema()),
  }),
);

/**
 * A tool call began running (its permission was granted). With its result missing, a resume
 * knows the call may have had effects; a call of a journaled response without one never ran.
 */
export const toolStartedRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('tool-started'),
    toolUseId: z.string(),
  }),
);

/** Withdraws a message written earlier (a model fallback discarded a streamed response). */
export const tombstoneRecordSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('tombstone'),
    targetUuid: z.string(),
  }),
);

export const transcriptRecordSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    userRecordSchema(),
    assistantRecordSchema(),
    systemRecordSchema(),
    tombstoneRecordSchema(),
    lastPromptRecordSchema(),
    contentReplacementRecordSchema(),
    modeRecordSchema(),
    todosRecordSchema(),
    costRecordSchema(),
    toolStartedRecordSchema(),
  ]),
);
export type TranscriptRecord = z.infer<ReturnType<typeof transcriptRecordSchema>>;

export const KNOWN_RECORD_TYPES: ReadonlySet<string> = new Set([
  'user',
  'assistant',
  'system',
  'tombstone',
  'last-prompt',
  'content-replacement',
  'mode',
  'todos',
  'cost',
  'tool-started',
]);

export const MESSAGE_RECORD_TYPES: ReadonlySet<string> = new Set(['user', 'assistant', 'system']);

export type LastPromptRecord = { type: 'last-prompt'; lastPrompt: string };
export type ContentReplacementRecord = z.infer<ReturnType<typeof contentReplacementRecordSchema>>;
export type ModeRecord = z.infer<ReturnType<typeof modeRecordSchema>>;
export type TodosRecord = z.infer<ReturnType<typeof todosRecordSchema>>;
export type CostRecord = z.infer<ReturnType<typeof costRecordSchema>>;
export type ToolStartedRecord = { type: 'tool-started'; toolUseId: string };

/** What `TranscriptWriter.appendRecord` accepts. */
export type SessionStateRecord =
  | LastPromptRecord
  | ContentReplacementRecord
  | ModeRecord
  | TodosRecord
  | CostRecord
  | ToolStartedRecord;
