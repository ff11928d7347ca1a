// /context: how full the context window is, by category, as a 10x10 grid of cells plus a table.
// Counts come from the context layers' own estimator (compact/tokens.ts); once the API has
// reported a usage, the total follows that count, as auto-compaction does. The tools are measured
// as the request sends them.
import { estimateMessagesTokens, estimateTextTokens, tokenCountWithEstimation } from '../compact/tokens.js';
import { getContextThresholds, type Env } from '../compact/thresholds.js';
import { formatMemoryForPrompt, type MemoryFile } from '../memory/index.js';
import { toApiTools } from '../tools/apiSchema.js';
import type { AnyTool } from '../tools/Tool.js';
import type { Message } from '../types/messages.js';
import { formatTokens } from './cost.js';
import type { LocalCommand } from './types.js';

/** What the next request would carry. */
export type ContextParts = {
  model: string;
  systemPrompt: readonly string[];
  /** The memory files loaded now; their text is part of the system prompt. */
  memoryFiles: readonly MemoryFile[];
  tools: readonly AnyTool[];
  /** The conversation as the model is sent it (after the last compaction). */
  messages: readonly Message[];
};

type CategoryKind = 'used' | 'buffer' | 'free';

export type ContextCategoryId =
  | 'system_prompt'
  | 'system_tools'
  | 'memory_files'
  | 'messages'
  | 'free_space'
  | 'autocompact_buffer';

export type ContextCategory = { id: ContextCategoryId; name: string; tokens: number; kind: CategoryKind; color: number };

export type ContextBreakdown = {
  model: string;
  windowTokens: number;
  usedTokens: number;
  categories: ContextCategory[];
};

// SGR foreground codes; this layer sits below the UI, so it styles its one string itself.
const CYAN = 36;
const MAGENTA = 35;
const YELLOW = 33;
const BLUE = 34;
const GRAY = 90;

const paint = (color: number, text: string): string => `\u001B[${color}m${text}\u001B[39m`;

/** The memory text is inside the system prompt; it is counted on its own when it is there. */
function splitSystemPrompt(parts: ContextParts): { system: number; memory: number } {
  const prompt = parts.systemPrompt.join('\n\n');
  const memoryText = formatMemoryForPrompt([...parts.memoryFiles]);
  if (memoryText === '' || !prompt.includes(memoryText)) return { system: estimateTextTokens(prompt), memory: 0 };
  return { system: estimateTextTokens(prompt.replace(memoryText, '')), memory: estimateTextTokens(memoryText) };
}

export async function measureContext(parts: ContextParts, env: Env = process.env): Promise<ContextBreakdown> {
  const thresholds = getContextThresholds(parts.model, env);
  const windowTokens = thresholds.contextWindow;
  const { system, memory } = splitSystemPrompt(parts);
  const apiTools = await toApiTools(parts.tools, { tools: parts.tools, isNonInteractive: false });
  const tools = apiTools.length === 0 ? 0 : estimateTextTokens(JSON.stringify(apiTools));
  // The API's count (when there is one) covers the whole request; what it holds beyond the fixed
  // parts is the conversation. Without one, or when it is below the estimate, the estimate stands.
  const fixed = system + tools + memory;
  const messages = Math.max(estimateMessagesTokens(parts.messages), tokenCountWithEstimation(parts.messages) - fixed);
  const usedTokens = fixed + messages;
  const buffer = thresholds.autoCompactEnabled ? Math.max(0, windowTokens - thresholds.autoCompactThreshold) : 0;
  return {
    model: parts.model,
    windowTokens,
    usedTokens,
    categories: [
      { id: 'system_prompt', name: 'System prompt', tokens: system, kind: 'used', color: GRAY },
      { id: 'system_tools', name: 'Tools', tokens: tools, kind: 'used', color: CYAN },
      { id: 'memory_files', name: 'Memory files', tokens: memory, kind: 'used', color: YELLOW },
      { id: 'messages', name: 'Messages', tokens: messages, kind: 'used', color: MAGENTA },
      {
        id: 'free_space',
        name: 'Free space',
        tokens: Math.max(0, windowTokens - usedTokens - buffer),
        kind: 'free',
        color: GRAY,
      },
      { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: buffer, kind: 'buffer', color: BLUE },
    ],
  };
}

const GRID_SIDE = 10;
const CELLS = GRID_SIDE * GRID_SIDE;
const SYMBOL: Readonly<Record<CategoryKind, string>> = { used: '⛁', free: '⛶', buffer: '⛀' };

/**
 * One cell per hundredth of the window. A category that uses anything gets at least one cell,
 * the buffer sits at the end, and free space takes what is left.
 */
export function gridCells(breakdown: ContextBreakdown): ContextCategory[] {
  const share = (tokens: number): number => (tokens === 0 ? 0 : Math.max(1, Math.round((tokens / breakdown.windowTokens) * CELLS)));
  const used = breakdown.categories.filter((category) => category.kind === 'used');
  const buffer = breakdown.categories.find((category) => category.kind === 'buffer');
  const free = breakdown.categories.find((category) => category.kind === 'free');
  const cells = used.flatMap((category) => Array<ContextCategory>(share(category.tokens)).fill(category)).slice(0, CELLS);
  const bufferCells = buffer ? Math.min(share(buffer.tokens), CELLS - cells.length) : 0;
  if (free) cells.push(...Array<ContextCategory>(CELLS - cells.length - bufferCells).fill(free));
  if (buffer) cells.push(...Array<ContextCategory>(bufferCells).fill(buffer));
  return cells;
}

function percentOf(tokens: number, whole: number): string {
  return `${((tokens / whole) * 100).toFixed(1)}%`;
}

export function formatContextGrid(breakdown: ContextBreakdown): string {
  const cells = gridCells(breakdown);
  const rows: string[] = [];
  for (let row = 0; row < GRID_SIDE; row += 1) {
    const slice = cells.slice(row * GRID_SIDE, (row + 1) * GRID_SIDE);
    rows.push(slice.map((category) => paint(category.color, SYMBOL[category.kind])).join(' '));
  }
  const legend = breakdown.categories.map(
    (category) =>
      `${paint(category.color, SYMBOL[category.kind])} ${category.name}: ${formatTokens(category.tokens)} tokens ` +
      `(${percentOf(category.tokens, breakdown.windowTokens)})`,
  );
  const summary =
    `${breakdown.model} · ${formatTokens(breakdown.usedTokens)}/${formatTokens(breakdown.windowTokens)} tokens ` +
    `(${percentOf(breakdown.usedTokens, breakdown.windowTokens)}) · estimated`;
  // The legend sits beside the grid, one category per row, like the reference's layout.
  const lines = rows.map((gridRow, index) => {
    const side = index === 0 ? summary : legend[index - 2];
    return side === undefined ? gridRow : `${gridRow}   ${side}`;
  });
  return ['Context usage', ...lines].join('\n');
}

export const contextCommand: LocalCommand = {
  name: 'context',
  description: 'Show how full the context window is, as a coloured grid by category',
  async run(ctx) {
    if (!ctx.contextParts) {
      ctx.print('Context usage is not available here.');
      return;
    }
    ctx.print(formatContextGrid(await measureContext(await ctx.contextParts())));
  },
};
