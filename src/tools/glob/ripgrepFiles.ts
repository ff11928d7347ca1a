// Glob's walk: `rg --files`, which honours .gitignore exactly as Grep does, walks in parallel
// and prints each path as raw bytes ended by a NUL, so no file name (newlines, bytes that are
// not UTF-8) can break or vanish from the list. Output is decoded a chunk at a time, and only a
// chunk holding a name that needs escaping is taken apart name by name.
import { forEachShownName } from '../shared/fileNames.js';
import { VCS_DIRS } from '../grep/types.js';

export type RipgrepListing = {
  rgPath: string;
  root: string;
  /** Only files whose name matches this glob are listed (a ripgrep file type, which, unlike
   * --glob, never overrides .gitignore). */
  fileNameGlob?: string;
  /** Whether node_modules folders are walked. */
  includeNodeModules: boolean;
  signal?: AbortSignal;
  /**
   * Called with each path relative to root as shown (displayFileName), and its bytes when the
   * shown form is not the name itself (the bytes are only valid during the call).
   */
  onFile: (relative: string, bytes?: Buffer) => void;
};

const MAX_STDERR_CHARS = 2_000;

const FILE_TYPE = 'pulseglob';

/** rg matches globs against paths relative to its working directory, so it runs in root. */
export function ripgrepFilesArgs(listing: Pick<RipgrepListing, 'fileNameGlob' | 'includeNodeModules'>): string[] {
  const args = ['--no-config', '--files', '--null', '--hidden', '--no-require-git'];
  if (listing.fileNameGlob !== undefined) args.push('--type-add', `${FILE_TYPE}:${listing.fileNameGlob}`, '--type', FILE_TYPE);
  const skipped = listing.includeNodeModules ? [...VCS_DIRS] : [...VCS_DIRS, 'node_modules'];
  args.push('--glob', `!{${skipped.join(',')}}`);
  return args;
}

/** Streams every listed path to `onFile`; resolves when rg has finished. */
export async function listWithRipgrep(listing: RipgrepListing): Promise<void> {
  const { spawn } = await import('node:child_process');
  const child = spawn(listing.rgPath, ripgrepFilesArgs(listing), {
    cwd: listing.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(listing.signal && { signal: listing.signal }),
  });
  let pending: Buffer | undefined;
  let sawAny = false;
  child.stdout.on('data', (chunk: Buffer) => {
    const data = pending ? Buffer.concat([pending, chunk]) : chunk;
    const end = data.lastIndexOf(0);
    pending = end + 1 < data.length ? Buffer.from(data.subarray(end + 1)) : undefined;
    if (end === -1) return;
    sawAny = true;
    forEachShownName(data.subarray(0, end + 1), listing.onFile);
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < MAX_STDERR_CHARS) stderr += text;
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  }).catch((error: unknown) => {
    if (listing.signal?.aborted) throw new Error('Search cancelled.');
    throw new Error(`ripgrep could not run: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (listing.signal?.aborted) throw new Error('Search cancelled.');
  // 1 means nothing matched; 2 an error, such as an unreadable folder, after which rg goes on.
  if (exitCode === 2 && !sawAny) throw new Error(`ripgrep failed: ${stderr.trim() || 'unknown error'}`);
  if (exitCode !== 0 && exitCode !== 1 && exitCode !== 2) throw new Error(`ripgrep failed: ${stderr.trim() || `exit ${exitCode}`}`);
}
