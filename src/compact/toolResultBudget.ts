// Layer 1: over-sized tool results go to a file and the model sees a preview with the path, so
// one huge output cannot flood the context. Decisions are recorded and replayed byte for byte:
// a result shown one way must keep being shown that way, or the prompt cache breaks.
import { join } from 'node:path';
import type { ContentBlockParam, Message, ToolResultBlockParam, UserMessage } from '../types/messages.js';
import { writeFileAtomicallySync } from '../utils/atomicWrite.js';
import { getToolUseBlocks } from '../utils/messages.js';

/** No tool result stays inline above this, whatever the tool declares. */
export const DEFAULT_MAX_RESULT_SIZE_CHARS = 50_000;
/** The results of one turn together stay under this. */
export const MAX_TOOL_RESULTS_PER_MESSAGE_CHARS = 200_000;
export const PREVIEW_SIZE_CHARS = 2_000;
export const PERSISTED_OUTPUT_TAG = '<persisted-output>';

export type ToolResultReplacement = { toolUseId: string; replacement: string };

export type ToolResultBudgetOptions = {
  toolsByName: ReadonlyMap<string, { readonly maxResultSizeChars: number }>;
  /** Where spilled results are written (the session's tool-results folder). */
  dir: string;
  /** Earlier decisions, keyed by tool_use id, re-applied unchanged. */
  replacements: ReadonlyMap<string, string>;
};

export type ToolResultBudgetResult = { messages: Message[]; newReplacements: ToolResultReplacement[] };

/** Name -> tool, aliases included, for `toolsByName`. */
export function toolsByNameOf<T extends { name: string; aliases?: readonly string[] }>(
  tools: readonly T[],
): Map<string, T> {
  const map = new Map<string, T>();
  for (const tool of tools) {
    map.set(tool.name, tool);
    for (const alias of tool.aliases ?? []) map.set(alias, tool);
  }
  return map;
}

/** The text of a result, or undefined when it holds images and so cannot go to a text file. */
function resultText(block: ToolResultBlockParam): string | undefined {
  const { content } = block;
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  if (!content.every((part) => part.type === 'text')) return undefined;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function formatSize(chars: number): string {
  return chars < 1024 ? `${chars} characters` : `${(chars / 1024).toFixed(1)} KB`;
}

/** The head of the output, ending at a line break when one falls in the second half. */
export function previewOf(text: string): { preview: string; truncated: boolean } {
  if (text.length <= PREVIEW_SIZE_CHARS) return { preview: text, truncated: false };
  const head = text.slice(0, PREVIEW_SIZE_CHARS);
  const lastNewline = head.lastIndexOf('\n');
  const preview = lastNewline > PREVIEW_SIZE_CHARS / 2 ? head.slice(0, lastNewline) : head;
  return { preview, truncated: true };
}

export function persistedOutputMessage(text: string, path: string): string {
  const { preview, truncated } = previewOf(text);
  return [
    PERSISTED_OUTPUT_TAG,
    `This output was too large to include (${formatSize(text.length)}). All of it is saved in ${path}; read that file for the rest.`,
    '',
    'Beginning of the output:',
    preview,
    ...(truncated ? ['...'] : []),
    '</persisted-output>',
  ].join('\n');
}

function spilled(path: string, text: string): boolean {
  try {
    writeFileAtomicallySync(path, text);
    return true;
  } catch {
    return false;
  }
}

function spillPath(dir: string, toolUseId: string): string {
  return join(dir, `${toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`);
}

function toolNamesById(messages: readonly Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const block of getToolUseBlocks(message)) names.set(block.id, block.name);
  }
  return names;
}

/** The user messages the API will merge into one request message (no assistant between them). */
function userTurns(messages: readonly Message[]): number[][] {
  const turns: number[][] = [];
  let current: number[] = [];
  messages.forEach((message, index) => {
    if (message.type === 'assistant') {
      if (current.length > 0) turns.push(current);
      current = [];
      return;
    }
    if (message.type === 'user') current.push(index);
  });
  if (current.length > 0) turns.push(current);
  return turns;
}

type Candidate = { toolUseId: string; text: string };

function toolResultBlocks(message: UserMessage): ToolResultBlockParam[] {
  const { content } = message.message;
  if (typeof content === 'string') return [];
  return content.filter((block): block is ToolResultBlockParam => block.type === 'tool_result');
}

/** Which results of one turn to spill: each over its tool's limit, then the largest until the turn fits. */
function decideSpills(candidates: Candidate[], limitFor: (toolUseId: string) => number): Set<string> {
  const spilled = new Set(candidates.filter((c) => c.text.length > limitFor(c.toolUseId)).map((c) => c.toolUseId));
  const kept = candidates.filter((c) => !spilled.has(c.toolUseId)).sort((a, b) => b.text.length - a.text.length);
  let total = kept.reduce((sum, c) => sum + c.text.length, 0);
  for (const candidate of kept) {
    if (total <= MAX_TOOL_RESULTS_PER_MESSAGE_CHARS) break;
    spilled.add(candidate.toolUseId);
    total -= candidate.text.length;
  }
  return spilled;
}

function withReplacedResults(message: UserMessage, replaced: ReadonlyMap<string, string>): UserMessage {
  const { content } = message.message;
  if (typeof content === 'string') return message;
  const needsChange = content.some((b) => {
    if (b.type !== 'tool_result') return false;
    const replacement = replaced.get(b.tool_use_id);
    return replacement !== undefined && b.content !== replacement;
  });
  if (!needsChange) return message;
  const blocks: ContentBlockParam[] = content.map((block) => {
    if (block.type !== 'tool_result') return block;
    const replacement = replaced.get(block.tool_use_id);
    return replacement === undefined ? block : { ...block, content: replacement };
  });
  // The raw output stays on disk; keeping it here too would hold every large result in memory.
  const { toolUseResult: _dropped, ...rest } = message;
  return { ...rest, message: { ...message.message, content: blocks } };
}

export function applyToolResultBudget(
  messages: Message[],
  options: ToolResultBudgetOptions,
): ToolResultBudgetResult {
  const names = toolNamesById(messages);
  const limitFor = (toolUseId: string): number => {
    const name = names.get(toolUseId);
    const declared = name === undefined ? undefined : options.toolsByName.get(name)?.maxResultSizeChars;
    if (declared === Infinity) return Infinity;
    return Math.min(declared ?? DEFAULT_MAX_RESULT_SIZE_CHARS, DEFAULT_MAX_RESULT_SIZE_CHARS);
  };
  const replaced = new Map<string, string>();
  const newReplacements: ToolResultReplacement[] = [];

  for (const turn of userTurns(messages)) {
    const candidates: Candidate[] = [];
    for (const index of turn) {
      const message = messages[index];
      if (message?.type !== 'user') continue;
      for (const block of toolResultBlocks(message)) {
        const earlier = options.replacements.get(block.tool_use_id);
        if (earlier !== undefined) {
          replaced.set(block.tool_use_id, earlier);
          continue;
        }
        const text = resultText(block);
        if (text === undefined || text.startsWith(PERSISTED_OUTPUT_TAG)) continue;
        if (limitFor(block.tool_use_id) === Infinity) continue;
        candidates.push({ toolUseId: block.tool_use_id, text });
      }
    }
    for (const toolUseId of decideSpills(candidates, limitFor)) {
      const text = candidates.find((c) => c.toolUseId === toolUseId)?.text ?? '';
      const path = spillPath(options.dir, toolUseId);
      // A preview pointing at a file that never landed would lose the output: on a full disk the
      // result stays inline instead.
      if (!spilled(path, text)) continue;
      const replacement = persistedOutputMessage(text, path);
      replaced.set(toolUseId, replacement);
      newReplacements.push({ toolUseId, replacement });
    }
  }

  if (replaced.size === 0) return { messages, newReplacements };
  const next = messages.map((message) => (message.type === 'user' ? withReplacedResults(message, replaced) : message));
  const changed = next.some((message, index) => message !== messages[index]);
  return { messages: changed ? next : messages, newReplacements };
}
