// Works out what an Edit call would write, or why it cannot, from the file as it is on disk now:
// one read and one pass over the text, however large the file. The plan says where the text
// changed, so the patch can be worked out around that span alone.
import { extname } from 'node:path';
import type { ToolUseContext } from '../Tool.js';
import { directoryMessage, statOrUndefined } from '../shared/fileChecks.js';
import { readTextFile, withLineEnding } from '../shared/fileText.js';
import type { ChangedSpan } from '../shared/patch.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { checkFreshRead } from '../shared/readState.js';
import { missingFileMessage } from '../shared/similarFile.js';
import { findActualString, matchQuoteStyle } from './quotes.js';

export type EditRequest = {
  absPath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
};

export type EditPlan = {
  absPath: string;
  /** The file to write (tools/shared/pathOnDisk.ts); `absPath` names it everywhere else. */
  onDisk: string | Buffer;
  originalFile: string;
  updatedFile: string;
  hasBom: boolean;
  /** The stretch of text the edit replaced (the whole file for a creation). */
  changed: ChangedSpan;
  /** The file as it was planned from (absent when it did not exist), to tell whether it moved on. */
  disk?: { mtimeMs: number; size: number };
};

export type PlanResult = { ok: true; plan: EditPlan } | { ok: false; message: string };

const QUOTED_STRING_LIMIT = 500;

export async function planEdit(request: EditRequest, ctx: ToolUseContext): Promise<PlanResult> {
  const { absPath, oldString, newString } = request;
  if (oldString === newString) {
    return fail('Nothing to change: old_string and new_string are identical.');
  }
  if (extname(absPath).toLowerCase() === '.ipynb') {
    return fail(`${absPath} is a Jupyter notebook; Edit does not change notebooks. Use NotebookEdit instead.`);
  }
  const onDisk = pathOnDisk(absPath);
  const stats = await statOrUndefined(onDisk);
  if (!stats) {
    if (oldString === '') return succeed({ absPath, onDisk, originalFile: '', updatedFile: newString, hasBom: false, changed: whole('', newString) });
    return fail(await missingFileMessage(absPath, ctx.getCwd()));
  }
  if (stats.isDirectory()) return fail(directoryMessage(absPath));

  const file = await readTextFile(onDisk);
  const base = { absPath, onDisk, originalFile: file.text, hasBom: file.hasBom, disk: { mtimeMs: file.mtimeMs, size: file.size } };
  if (oldString === '') {
    if (file.text.trim() !== '') {
      return fail(
        `Cannot create ${absPath}: it already exists and is not empty. ` +
          'To change it, pass the text to replace as old_string.',
      );
    }
    return succeed({ ...base, updatedFile: newString, changed: whole(file.text, newString) });
  }
  const freshness = checkFreshRead(absPath, ctx, file, { allowPartialView: true });
  if (!freshness.ok) return freshness;

  const search = withLineEnding(oldString, file.lineEnding);
  const found = findActualString(file.text, search);
  if (found === undefined) {
    return fail(`old_string was not found in ${absPath}.\nold_string:\n${quoteForMessage(oldString)}`);
  }
  const replacement = matchQuoteStyle(found, withLineEnding(newString, file.lineEnding));
  const target = absorbTrailingNewline(file.text, found, replacement, file.lineEnding);
  const places = occurrences(file.text, target, request.replaceAll ? Infinity : 2);
  if (places.length > 1 && !request.replaceAll) {
    const matches = places.length + occurrences(file.text, target, Infinity, (places.at(-1) as number) + target.length).length;
    return fail(
      `old_string matches ${matches} places in ${absPath}. Include more surrounding lines so it matches ` +
        'exactly one, or set replace_all to true to change every occurrence.\n' +
        `old_string:\n${quoteForMessage(oldString)}`,
    );
  }
  return succeed({ ...base, ...replaceAt(file.text, places, target, replacement) });
}

function fail(message: string): PlanResult {
  return { ok: false, message };
}

function succeed(plan: EditPlan): PlanResult {
  return { ok: true, plan };
}

function whole(before: string, after: string): ChangedSpan {
  return { start: 0, beforeEnd: before.length, afterEnd: after.length };
}

/** Where `search` starts in `text`, left to right without overlaps, at most `limit` places. */
function occurrences(text: string, search: string, limit: number, from = 0): number[] {
  const places: number[] = [];
  for (let at = text.indexOf(search, from); at !== -1 && places.length < limit; at = text.indexOf(search, at + search.length)) {
    places.push(at);
  }
  return places;
}

/** Slices, not String.replace, which would read `$&` and friends in the replacement. */
function replaceAt(text: string, places: readonly number[], search: string, replacement: string): Pick<EditPlan, 'updatedFile' | 'changed'> {
  const parts: string[] = [];
  let from = 0;
  for (const at of places) {
    parts.push(text.slice(from, at), replacement);
    from = at + search.length;
  }
  parts.push(text.slice(from));
  const start = places[0] as number;
  const beforeEnd = (places.at(-1) as number) + search.length;
  return {
    updatedFile: parts.join(''),
    changed: { start, beforeEnd, afterEnd: beforeEnd + places.length * (replacement.length - search.length) },
  };
}

/** Deleting a whole line should not leave an empty line behind. */
function absorbTrailingNewline(text: string, found: string, replacement: string, lineEnding: string): string {
  if (replacement !== '' || found.endsWith('\n')) return found;
  const withBreak = found + lineEnding;
  const count = (search: string) => occurrences(text, search, Infinity).length;
  return count(withBreak) === count(found) ? withBreak : found;
}

function quoteForMessage(text: string): string {
  if (text.length <= QUOTED_STRING_LIMIT) return text;
  return `${text.slice(0, QUOTED_STRING_LIMIT)}… (${text.length - QUOTED_STRING_LIMIT} more characters)`;
}
