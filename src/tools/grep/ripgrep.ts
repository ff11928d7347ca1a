// Runs ripgrep as a child process (an argument array, never a shell) and parses its output.
import { execa } from 'execa';
import { displayFileName } from '../shared/fileNames.js';
import { MAX_COLUMNS, VCS_DIRS, type GrepQuery, type RawGrepResult } from './types.js';

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function ripgrepArgs(query: GrepQuery): string[] {
  const args = ['--no-config', '--hidden', '--no-require-git', '--color', 'never', '--null'];
  args.push('--max-columns', String(MAX_COLUMNS));
  for (const dir of VCS_DIRS) args.push('--glob', `!${dir}`);
  if (query.mode === 'files_with_matches') args.push('--files-with-matches');
  if (query.mode === 'count') args.push('--count', '--with-filename');
  if (query.mode === 'content') {
    // Always numbered: the mark after the number tells a match from context (see contentLine).
    args.push('--no-heading', '--with-filename', '--line-number');
    if (query.before > 0) args.push('--before-context', String(query.before));
    if (query.after > 0) args.push('--after-context', String(query.after));
  }
  if (query.caseInsensitive) args.push('--ignore-case');
  if (query.multiline) args.push('--multiline', '--multiline-dotall');
  if (query.type) args.push('--type', query.type);
  for (const glob of query.globs) args.push('--glob', glob);
  args.push('--regexp', query.pattern, '--', query.searchPath);
  return args;
}

export async function runRipgrep(rgPath: string, query: GrepQuery): Promise<RawGrepResult> {
  const result = await execa(rgPath, ripgrepArgs(query), {
    reject: false,
    stdin: 'ignore',
    cancelSignal: query.signal,
    maxBuffer: MAX_OUTPUT_BYTES,
    encoding: 'buffer',
    stripFinalNewline: false,
  });
  if (result.isCanceled) throw new Error('Search cancelled.');
  const stderr = Buffer.from(result.stderr).toString('utf8').trim();
  // 1 means "no matches"; 2 means an error, though rg may still have found matches elsewhere.
  if (result.exitCode === 2 && result.stdout.length === 0) {
    throw new Error(`ripgrep failed: ${stderr || 'unknown error'}`);
  }
  if (result.failed && result.exitCode === undefined && !result.isMaxBuffer) {
    throw new Error(`ripgrep could not run: ${result.message}`);
  }
  return parseOutput(query, Buffer.from(result.stdout));
}

const NUL = 0;
const NEWLINE = 0x0a;
const GROUP_SEPARATOR = Buffer.from('--\n');
/** After the path: the line number, then `:` for a match or `-` for context. */
const NUMBERED = /^(\d+)([:-])/;

/**
 * rg's output with --null: each path ends with a NUL instead of its separator, so no name (a
 * newline or a colon in it, bytes that are not UTF-8) can be mistaken for the text after it.
 * Paths are shown by displayFileName; the lines are rebuilt in rg's usual `path:N:text` form.
 */
function parseOutput(query: GrepQuery, output: Buffer): RawGrepResult {
  const files: string[] = [];
  const rests: string[] = [];
  const lines: string[] = [];
  for (let at = 0; at < output.length; ) {
    if (query.mode === 'content' && output.subarray(at, at + GROUP_SEPARATOR.length).equals(GROUP_SEPARATOR)) {
      lines.push('--');
      at += GROUP_SEPARATOR.length;
      continue;
    }
    const nul = output.indexOf(NUL, at);
    const notice = query.mode === 'content' ? binaryNotice(output, at, nul) : undefined;
    if (notice) {
      lines.push(notice.line);
      at = notice.end + 1;
      continue;
    }
    if (nul === -1) break;
    const path = displayFileName(output.subarray(at, nul));
    if (query.mode === 'files_with_matches') {
      files.push(path);
      at = nul + 1;
      continue;
    }
    const newline = output.indexOf(NEWLINE, nul + 1);
    const end = newline === -1 ? output.length : newline;
    // rg keeps the CR of CRLF lines; the built-in engine drops it, and so do we here.
    const rest = output.toString('utf8', nul + 1, end).replace(/\r$/, '');
    at = end + 1;
    if (query.mode === 'count') {
      files.push(path);
      rests.push(rest);
      continue;
    }
    lines.push(contentLine(path, rest, query.lineNumbers));
  }
  if (query.mode === 'files_with_matches') return { mode: query.mode, files };
  if (query.mode === 'count') return { mode: query.mode, counts: files.map((path, i) => ({ path, count: Number(rests[i]) })) };
  return { mode: query.mode, lines };
}

const BINARY_NOTICE = Buffer.from(': binary file matches (');

/**
 * The one line rg prints without a NUL: `path: binary file matches (…)`, for a binary file named
 * as the search path. Told apart from a name holding a newline by its ending.
 */
function binaryNotice(output: Buffer, at: number, nul: number): { line: string; end: number } | undefined {
  const found = output.indexOf(NEWLINE, at);
  const newline = found === -1 ? output.length : found;
  if (nul !== -1 && nul < newline) return undefined;
  const line = output.subarray(at, newline);
  const mark = line.lastIndexOf(BINARY_NOTICE);
  if (mark <= 0 || line[line.length - 1] !== 0x29) return undefined;
  return { line: `${displayFileName(line.subarray(0, mark))}${line.toString('utf8', mark)}`, end: newline };
}

/** rg is always asked for line numbers, so a match can be told from context; shown only when asked. */
function contentLine(path: string, rest: string, lineNumbers: boolean): string {
  const numbered = NUMBERED.exec(rest);
  if (!numbered) return `${path}:${rest}`;
  const [mark, number, separator] = numbered as unknown as [string, string, string];
  const text = rest.slice(mark.length);
  return lineNumbers ? `${path}${separator}${number}${separator}${text}` : `${path}${separator}${text}`;
}
