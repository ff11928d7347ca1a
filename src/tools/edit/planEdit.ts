// Works out what an Edit call would write, or why it cannot, from the file as it is on disk now.
// Validation and the call both use it, so the model gets the same answer from either.
import { extname } from 'node:path';
import type { ToolUseContext } from '../Tool.js';
import { directoryMessage, statOrUndefined } from '../shared/fileChecks.js';
import { readTextFile, withLineEnding } from '../shared/fileText.js';
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
  originalFile: string;
  updatedFile: string;
  hasBom: boolean;
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
  const stats = await statOrUndefined(absPath);
  if (!stats) {
    if (oldString === '') return succeed(absPath, '', newString, false);
    return fail(await missingFileMessage(absPath, ctx.getCwd()));
  }
  if (stats.isDirectory()) return fail(directoryMessage(absPath));

  const file = await readTextFile(absPath);
  if (oldString === '') {
    if (file.text.trim() !== '') {
      return fail(
        `Cannot create ${absPath}: it already exists and is not empty. ` +
          'To change it, pass the text to replace as old_string.',
      );
    }
    return succeed(absPath, file.text, newString, file.hasBom);
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
  const matches = countOccurrences(file.text, target);
  if (matches > 1 && !request.replaceAll) {
    return fail(
      `old_string matches ${matches} places in ${absPath}. Include more surrounding lines so it matches ` +
        'exactly one, or set replace_all to true to change every occurrence.\n' +
        `old_string:\n${quoteForMessage(oldString)}`,
    );
  }
  const updated = request.replaceAll
    ? file.text.split(target).join(replacement)
    : replaceFirst(file.text, target, replacement);
  return succeed(absPath, file.text, updated, file.hasBom);
}

function fail(message: string): PlanResult {
  return { ok: false, message };
}

function succeed(absPath: string, originalFile: string, updatedFile: string, hasBom: boolean): PlanResult {
  return { ok: true, plan: { absPath, originalFile, updatedFile, hasBom } };
}

/** Deleting a whole line should not leave an empty line behind. */
function absorbTrailingNewline(text: string, found: string, replacement: string, lineEnding: string): string {
  if (replacement !== '' || found.endsWith('\n')) return found;
  const withBreak = found + lineEnding;
  return countOccurrences(text, withBreak) === countOccurrences(text, found) ? withBreak : found;
}

function countOccurrences(text: string, search: string): number {
  return text.split(search).length - 1;
}

/** String.replace would interpret `$&` and friends in the replacement; slicing does not. */
function replaceFirst(text: string, search: string, replacement: string): string {
  const index = text.indexOf(search);
  return text.slice(0, index) + replacement + text.slice(index + search.length);
}

function quoteForMessage(text: string): string {
  if (text.length <= QUOTED_STRING_LIMIT) return text;
  return `${text.slice(0, QUOTED_STRING_LIMIT)}… (${text.length - QUOTED_STRING_LIMIT} more characters)`;
}
