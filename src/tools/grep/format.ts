// Turns either engine's raw result into Grep's output: sorted, paginated, counted.
import { stat } from 'node:fs/promises';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { byNewestFirst, type FoundFile } from '../shared/walk.js';
import type { GrepMode, RawGrepResult } from './types.js';

export type GrepOutput = {
  mode: GrepMode;
  /** Files shown (files_with_matches and count modes). */
  filenames: string[];
  numFiles: number;
  /** The printed lines (content and count modes). */
  content?: string;
  numLines?: number;
  /** Total occurrences shown (count mode). */
  numMatches?: number;
  /** Set when head_limit cut the results. */
  appliedLimit?: number;
  /** Set when an offset skipped results. */
  appliedOffset?: number;
};

export type Page = { limit: number; offset: number };

export async function buildOutput(raw: RawGrepResult, page: Page): Promise<GrepOutput> {
  if (raw.mode === 'files_with_matches') {
    const sorted = await sortNewestFirst(raw.files);
    const shown = paginate(sorted, page);
    return { mode: raw.mode, filenames: shown.items, numFiles: shown.items.length, ...shown.applied };
  }
  if (raw.mode === 'count') {
    const sorted = [...raw.counts].sort((a, b) => a.path.localeCompare(b.path));
    const shown = paginate(sorted, page);
    return {
      mode: raw.mode,
      filenames: shown.items.map((entry) => entry.path),
      numFiles: shown.items.length,
      content: shown.items.map((entry) => `${entry.path}:${entry.count}`).join('\n'),
      numMatches: shown.items.reduce((sum, entry) => sum + entry.count, 0),
      ...shown.applied,
    };
  }
  const shown = paginate(raw.lines, page);
  return {
    mode: raw.mode,
    filenames: [],
    numFiles: 0,
    content: shown.items.join('\n'),
    numLines: shown.items.length,
    ...shown.applied,
  };
}

function paginate<T>(items: readonly T[], page: Page): { items: T[]; applied: Pick<GrepOutput, 'appliedLimit' | 'appliedOffset'> } {
  const rest = items.slice(page.offset);
  const cut = page.limit > 0 && rest.length > page.limit;
  return {
    items: cut ? rest.slice(0, page.limit) : rest,
    applied: {
      ...(cut ? { appliedLimit: page.limit } : {}),
      ...(page.offset > 0 ? { appliedOffset: page.offset } : {}),
    },
  };
}

async function sortNewestFirst(paths: readonly string[]): Promise<string[]> {
  const files: FoundFile[] = await Promise.all(
    paths.map(async (path) => ({ path, mtimeMs: await stat(pathOnDisk(path)).then((s) => s.mtimeMs, () => 0) })),
  );
  return files.sort(byNewestFirst).map((file) => file.path);
}

export function outputText(output: GrepOutput): string {
  return mainText(output) + paginationNote(output);
}

function mainText(output: GrepOutput): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (output.mode === 'files_with_matches') {
    if (output.numFiles === 0) return 'No files found';
    return `Found ${plural(output.numFiles, 'file')}\n${output.filenames.join('\n')}`;
  }
  if (!output.content) return 'No matches found';
  if (output.mode === 'content') return output.content;
  return (
    `${output.content}\n\nFound ${plural(output.numMatches ?? 0, 'total occurrence')} ` +
    `across ${plural(output.numFiles, 'file')}.`
  );
}

function paginationNote(output: GrepOutput): string {
  if (output.appliedLimit === undefined && output.appliedOffset === undefined) return '';
  const parts = [];
  if (output.appliedLimit !== undefined) parts.push(`limit ${output.appliedLimit}`);
  if (output.appliedOffset !== undefined) parts.push(`offset ${output.appliedOffset}`);
  const more = output.appliedLimit !== undefined ? ' More results exist: raise offset to see them.' : '';
  return `\n\n[Results shown with ${parts.join(', ')}.${more}]`;
}
