// Runs ripgrep as a child process (an argument array, never a shell) and parses its output.
import { execa } from 'execa';
import { MAX_COLUMNS, VCS_DIRS, type GrepQuery, type RawGrepResult } from './types.js';

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function ripgrepArgs(query: GrepQuery): string[] {
  const args = ['--no-config', '--hidden', '--no-require-git', '--color', 'never'];
  args.push('--max-columns', String(MAX_COLUMNS));
  for (const dir of VCS_DIRS) args.push('--glob', `!${dir}`);
  if (query.mode === 'files_with_matches') args.push('--files-with-matches');
  if (query.mode === 'count') args.push('--count', '--with-filename');
  if (query.mode === 'content') {
    args.push('--no-heading', '--with-filename');
    if (query.lineNumbers) args.push('--line-number');
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
    stripFinalNewline: true,
  });
  if (result.isCanceled) throw new Error('Search cancelled.');
  // 1 means "no matches"; 2 means an error, though rg may still have found matches elsewhere.
  if (result.exitCode === 2 && !result.stdout) {
    throw new Error(`ripgrep failed: ${result.stderr.trim() || 'unknown error'}`);
  }
  if (result.failed && result.exitCode === undefined && !result.isMaxBuffer) {
    throw new Error(`ripgrep could not run: ${result.message}`);
  }
  const lines = result.stdout === '' ? [] : result.stdout.split('\n');
  return parseOutput(query.mode, lines);
}

function parseOutput(mode: GrepQuery['mode'], lines: string[]): RawGrepResult {
  if (mode === 'files_with_matches') return { mode, files: lines };
  // rg keeps the CR of CRLF lines; the built-in engine drops it, and so do we here.
  if (mode === 'content') return { mode, lines: lines.map((line) => line.replace(/\r$/, '')) };
  const counts = lines.map((line) => {
    const colon = line.lastIndexOf(':');
    return { path: line.slice(0, colon), count: Number(line.slice(colon + 1)) };
  });
  return { mode, counts };
}
