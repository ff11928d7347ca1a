// One-line descriptions of tool calls and their results for the transcript, taken from each
// tool's own describeUse/summarizeResult so no switch here knows any tool.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { toolResultText } from '../../utils/messages.js';
import type { NewTranscriptItem, PatchHunk } from '../../state/store.js';
import { findToolByName, type AnyTool } from '../../tools/Tool.js';
import type { ToolResultBlockParam } from '../../types/messages.js';

const MAX_SUMMARY_CHARS = 160;

/** `Read(src/auth.ts)`, or just `Read` when the tool has nothing to add. */
export function toolTitle(tool: AnyTool | undefined, name: string, input: Record<string, unknown>): string {
  if (!tool) return name;
  const display = safely(() => tool.userFacingName(input)) ?? name;
  const detail = tool.describeUse ? safely(() => tool.describeUse?.(input)) : undefined;
  return detail ? `${display}(${detail})` : display;
}

/** A call the model made, as its row will name it once the result is in. */
export type ShownToolUse = { tool: AnyTool | undefined; title: string };

export function shownToolUse(tools: readonly AnyTool[], block: { name: string; input: unknown }): ShownToolUse {
  const tool = findToolByName(tools, block.name);
  const input = typeof block.input === 'object' && block.input !== null ? (block.input as Record<string, unknown>) : {};
  return { tool, title: toolTitle(tool, block.name, input) };
}

export type ToolRow = Extract<NewTranscriptItem, { kind: 'tool' }>;

/** The transcript row of a finished call: drawn live when its result arrives, and again on resume. */
export function toolRow(use: ShownToolUse | undefined, block: ToolResultBlockParam, toolUseResult: unknown): ToolRow {
  return { kind: 'tool', title: use?.title ?? 'Tool', ...describeToolResult(use?.tool, block, toolUseResult) };
}

export type ToolResultDisplay = { summary: string; isError: boolean; patch?: PatchHunk[]; preview?: ResultPreview; document?: string };

/** The first lines of a result's output and how many more there were. */
export type ResultPreview = { lines: string[]; more: number };

/** How many lines of a command's output show under it. */
export const PREVIEW_LINES = 3;

export function describeToolResult(
  tool: AnyTool | undefined,
  block: ToolResultBlockParam,
  toolUseResult: unknown,
): ToolResultDisplay {
  const isError = block.is_error === true;
  if (isError) return { summary: firstLine(toolResultText(block)) || 'Failed', isError };
  const summary =
    (tool?.summarizeResult && toolUseResult !== undefined
      ? safely(() => tool.summarizeResult?.(toolUseResult))
      : undefined) ?? (firstLine(toolResultText(block)) || 'Done');
  const preview = previewOf(tool, toolUseResult);
  // A resumed transcript's result may come from another program, in another shape: only text is shown.
  const document: unknown = tool?.documentResult && toolUseResult !== undefined ? safely(() => tool.documentResult?.(toolUseResult)) : undefined;
  return {
    summary: clip(summary),
    isError,
    patch: patchOf(toolUseResult),
    ...(preview ? { preview } : {}),
    ...(typeof document === 'string' && document.trim() !== '' ? { document } : {}),
  };
}

function previewOf(tool: AnyTool | undefined, toolUseResult: unknown): ResultPreview | undefined {
  if (!tool?.previewResult || toolUseResult === undefined) return undefined;
  const preview = safely(() => tool.previewResult?.(toolUseResult));
  if (!preview?.text) return undefined;
  const lines = preview.text.split('\n');
  return { lines: lines.slice(0, PREVIEW_LINES).map(clip), more: Math.max(0, (preview.totalLines ?? lines.length) - PREVIEW_LINES) };
}

const hunkSchema = lazySchema(() =>
  z.object({
    oldStart: z.number(),
    oldLines: z.number(),
    newStart: z.number(),
    newLines: z.number(),
    lines: z.array(z.string()),
  }),
);
const withPatchSchema = lazySchema(() => z.object({ structuredPatch: z.array(hunkSchema()) }));

/** Any tool whose output carries `structuredPatch` (Edit, Write) gets a diff under its line. */
export function patchOf(toolUseResult: unknown): PatchHunk[] | undefined {
  const parsed = withPatchSchema().safeParse(toolUseResult);
  if (!parsed.success || parsed.data.structuredPatch.length === 0) return undefined;
  return parsed.data.structuredPatch;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return clip(line.replace(/<\/?[\w-]+>/g, '').trim());
}

function clip(text: string): string {
  return text.length > MAX_SUMMARY_CHARS ? `${text.slice(0, MAX_SUMMARY_CHARS - 1)}…` : text;
}

/** A tool's display helper failing must never take the REPL down with it. */
function safely<T>(compute: () => T): T | undefined {
  try {
    return compute();
  } catch {
    return undefined;
  }
}
