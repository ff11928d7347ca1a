// What a compacted session gets back besides the summary: the files it was working with, the
// project instructions the caller wants kept in view, and the todo list. Each goes in as a meta
// user message, within a fixed token budget.
import { recordedTextOnDisk } from '../tools/read/recordedText.js';
import type { FileReadRecord } from '../tools/Tool.js';
import type { Message, UserMessage } from '../types/messages.js';
import { createUserMessage, getToolUseBlocks } from '../utils/messages.js';
import { estimateTextTokens } from './tokens.js';

export const MAX_FILES_TO_RESTORE = 5;
export const MAX_TOKENS_PER_RESTORED_FILE = 5_000;
export const RESTORE_TOKEN_BUDGET = 50_000;
/** A file cut shorter than this says too little to be worth its place. */
export const MIN_RESTORED_FILE_TOKENS = 500;

export type TodoItem = { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm?: string };
export type MemoryFile = { path: string; content: string };

export type Attachments = { messages: UserMessage[]; restoredFiles: string[] };

function pathMatches(statePath: string, inputPath: string): boolean {
  return statePath === inputPath || statePath.endsWith(`/${inputPath.replace(/^\.\//, '')}`);
}

/** Files in `readFileState`, most recently read first: by the Read calls in history, then by map order. */
export function recentlyReadFiles(
  messages: readonly Message[],
  readFileState: ReadonlyMap<string, FileReadRecord>,
): string[] {
  const order: string[] = [];
  const statePaths = [...readFileState.keys()];
  for (const message of messages.toReversed()) {
    for (const block of getToolUseBlocks(message).toReversed()) {
      if (block.name !== 'Read') continue;
      const input = block.input as { file_path?: unknown } | null;
      if (typeof input?.file_path !== 'string') continue;
      const inputPath = input.file_path;
      const match = statePaths.find((p) => pathMatches(p, inputPath));
      if (match !== undefined && !order.includes(match)) order.push(match);
    }
  }
  for (const path of statePaths.toReversed()) if (!order.includes(path)) order.push(path);
  return order;
}

/** What the heading and notes around a re-attached file cost. */
const FILE_HEADER_TOKENS = 60;

/** The text cut to roughly `maxTokens`, and whether anything was cut. */
function capTokens(text: string, maxTokens: number): { text: string; cut: boolean } {
  const tokens = estimateTextTokens(text);
  if (tokens <= maxTokens) return { text, cut: false };
  const keepChars = Math.floor((text.length * maxTokens) / tokens);
  return { text: text.slice(0, keepChars), cut: true };
}

function fileAttachment(path: string, read: string, record: FileReadRecord, maxTokens: number): { text: string; whole: boolean } {
  const { text, cut } = capTokens(read, maxTokens);
  const notes = [
    ...(record.isPartialView ? ['Only part of this file had been read.'] : []),
    ...(cut ? ['The file is cut short here; read it again for the rest.'] : []),
  ];
  const attachment = [`Contents of ${path} as read before the conversation was compacted:`, '', text, ...(notes.length ? ['', ...notes] : [])];
  return { text: attachment.join('\n'), whole: !cut && !record.isPartialView };
}

function memoryAttachmentText(files: readonly MemoryFile[]): string {
  const sections = files.map((file) => `Instructions from ${file.path}:\n${capTokens(file.content, MAX_TOKENS_PER_RESTORED_FILE).text}`);
  return ['Project instructions that still apply:', '', ...sections].join('\n\n');
}

const TODO_MARKS: Readonly<Record<TodoItem['status'], string>> = {
  pending: '[ ]',
  in_progress: '[~]',
  completed: '[x]',
};

export function todoAttachmentText(todos: readonly TodoItem[]): string {
  const lines = todos.map((todo) => `${TODO_MARKS[todo.status]} ${todo.content}`);
  return ['The todo list as it stood before the conversation was compacted ([ ] pending, [~] in progress, [x] done):', ...lines].join('\n');
}

export type AttachmentSources = {
  history: readonly Message[];
  readFileState?: ReadonlyMap<string, FileReadRecord>;
  todos?: readonly TodoItem[];
  memoryFiles?: readonly MemoryFile[];
  /**
   * Tokens the attachments may take, from what the compaction leaves room for in the window;
   * never more than RESTORE_TOKEN_BUDGET. The todo list is small and always goes.
   */
  budgetTokens?: number;
  uuid: () => string;
};

export async function buildPostCompactAttachments(sources: AttachmentSources): Promise<Attachments> {
  const messages: UserMessage[] = [];
  const restoredFiles: string[] = [];
  let budget = Math.max(0, Math.min(RESTORE_TOKEN_BUDGET, sources.budgetTokens ?? RESTORE_TOKEN_BUDGET));
  const attach = (text: string): boolean => {
    const tokens = estimateTextTokens(text);
    if (tokens > budget) return false;
    budget -= tokens;
    messages.push(createUserMessage({ content: text, isMeta: true }, sources.uuid()));
    return true;
  };

  if (sources.memoryFiles?.length) attach(memoryAttachmentText(sources.memoryFiles));
  const state = sources.readFileState;
  if (state) {
    let filesAttached = 0;
    for (const path of recentlyReadFiles(sources.history, state)) {
      if (filesAttached >= MAX_FILES_TO_RESTORE) break;
      const room = Math.min(MAX_TOKENS_PER_RESTORED_FILE, budget - FILE_HEADER_TOKENS);
      if (room < MIN_RESTORED_FILE_TOKENS) break;
      const record = state.get(path);
      // A large text is kept only as its hash: it comes back from disk if the file still holds
      // it. One changed since (or too large to read again) is not attached, and the model reads
      // it again before changing it, as with any file not restored.
      if (!record) continue;
      const read = await recordedTextOnDisk(path, record);
      if (read === undefined) continue;
      const file = fileAttachment(path, read, record, room);
      // Only a file shown whole still counts as read: Edit asks for a fresh Read of one cut short.
      if (!attach(file.text)) continue;
      filesAttached += 1;
      if (file.whole) restoredFiles.push(path);
    }
  }
  if (sources.todos?.length) {
    messages.push(createUserMessage({ content: todoAttachmentText(sources.todos), isMeta: true }, sources.uuid()));
  }
  return { messages, restoredFiles };
}
