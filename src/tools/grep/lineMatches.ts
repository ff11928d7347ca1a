// Finding matching lines in one file's text and printing them the way rg does, context and all.
import { MAX_COLUMNS, type GrepQuery } from './types.js';

export type LineMatches = {
  lines: string[];
  /** Zero-based indexes of lines that are part of a match. */
  matchedLines: Set<number>;
  /** Matching lines, or matches in multiline mode (what `rg --count` reports). */
  count: number;
};

export type FileMatches = LineMatches & { path: string };

/** Lines as rg sees them: split on LF, CR dropped, no phantom line after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

export function findMatchingLines(text: string, regex: RegExp, multiline: boolean): LineMatches {
  const lines = splitLines(text);
  return multiline ? matchAcrossLines(text, lines, regex) : matchEachLine(lines, regex);
}

function matchEachLine(lines: string[], regex: RegExp): LineMatches {
  const matchedLines = new Set<number>();
  lines.forEach((line, index) => {
    regex.lastIndex = 0;
    if (regex.test(line)) matchedLines.add(index);
  });
  return { lines, matchedLines, count: matchedLines.size };
}

function matchAcrossLines(text: string, lines: string[], regex: RegExp): LineMatches {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineAt = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] ?? Infinity) <= offset) line++;
    return line;
  };
  const matchedLines = new Set<number>();
  let count = 0;
  for (const match of text.matchAll(regex)) {
    const first = lineAt(match.index);
    const last = lineAt(match.index + Math.max(0, match[0].length - 1));
    for (let line = first; line <= last && line < lines.length; line++) matchedLines.add(line);
    count++;
  }
  return { lines, matchedLines, count };
}

type Range = { start: number; end: number };

/** Every file's match groups as rg prints them: `--` between groups when context is on. */
export function formatContentGroups(
  files: readonly FileMatches[],
  query: Pick<GrepQuery, 'before' | 'after' | 'lineNumbers'>,
): string[] {
  const withContext = query.before > 0 || query.after > 0;
  const output: string[] = [];
  for (const file of files) {
    for (const range of contextRanges(file, query.before, query.after)) {
      if (withContext && output.length > 0) output.push('--');
      for (let index = range.start; index <= range.end; index++) {
        output.push(formatLine(file, index, query.lineNumbers));
      }
    }
  }
  return output;
}

function contextRanges(file: FileMatches, before: number, after: number): Range[] {
  const ranges: Range[] = [];
  const sorted = [...file.matchedLines].sort((a, b) => a - b);
  for (const index of sorted) {
    const start = Math.max(0, index - before);
    const end = Math.min(file.lines.length - 1, index + after);
    const previous = ranges[ranges.length - 1];
    if (previous && start <= previous.end + 1) previous.end = Math.max(previous.end, end);
    else ranges.push({ start, end });
  }
  return ranges;
}

function formatLine(file: FileMatches, index: number, lineNumbers: boolean): string {
  const isMatch = file.matchedLines.has(index);
  const separator = isMatch ? ':' : '-';
  const line = file.lines[index] ?? '';
  const shown =
    line.length <= MAX_COLUMNS ? line : isMatch ? '[Omitted long matching line]' : '[Omitted long context line]';
  return lineNumbers ? `${file.path}${separator}${index + 1}${separator}${shown}` : `${file.path}${separator}${shown}`;
}
