// Edit and Write may only change a file the model has seen, and only as it was when it saw it:
// otherwise a write would silently undo the user's (or a formatter's) changes.
import type { ToolUseContext, ValidationResult } from '../Tool.js';
import { recordHolds } from './fileReadCache.js';

export const NOT_READ_MESSAGE =
  'You have not read this file yet. Use the Read tool on it first, then make your change.';
export const PARTIAL_READ_MESSAGE =
  'You have only read part of this file. Read the whole file before replacing its content.';
export const STALE_MESSAGE =
  'The file changed on disk after you last read it (the user or a tool such as a formatter ' +
  'touched it). Read it again before changing it.';

type DiskState = { text: string; mtimeMs: number };

export function checkFreshRead(
  absPath: string,
  ctx: ToolUseContext,
  disk: DiskState,
  options: { allowPartialView: boolean },
): ValidationResult {
  const record = ctx.readFileState.get(absPath);
  if (!record) return { ok: false, message: NOT_READ_MESSAGE };
  if (record.isPartialView && !options.allowPartialView) {
    return { ok: false, message: PARTIAL_READ_MESSAGE };
  }
  if (disk.mtimeMs <= record.timestamp) return { ok: true };
  // A touched but unchanged file (git checkout, some editors) is still what the model saw.
  if (!record.isPartialView && recordHolds(record, disk.text)) return { ok: true };
  return { ok: false, message: STALE_MESSAGE };
}

export function recordWrite(
  absPath: string,
  ctx: ToolUseContext,
  text: string,
  mtimeMs: number,
): void {
  ctx.readFileState.set(absPath, { content: text, timestamp: mtimeMs, isPartialView: false });
}
