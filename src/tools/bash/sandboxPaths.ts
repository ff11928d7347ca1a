// The concrete paths a sandboxed command must not see. A mount hides one path, so a pattern
// (`Read(./secrets/**)`, `Read(**/.env)`, `denyRead: ["~/.aws"]`) is turned into paths before each
// command: a plain path is itself, `dir/**` is the folder, and anything else is looked up with
// ripgrep (every file, ignored or not). A pattern that cannot be resolved in time, or matches too
// many files to hide one by one, stops the command rather than leaving files readable.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { AnchoredPattern } from '../../permissions/paths.js';
import { resolveEngine } from '../grep/engine.js';

const GLOB_CHARACTERS = /[*?[\]{}!]/;
const WHOLE_FOLDER = new Set(['**', '*', '**/*']);
const MAX_MATCHES = 1_000;
const SEARCH_TIMEOUT_MS = 5_000;

export class SandboxPathError extends Error {}

function literalPrefix(segments: readonly string[]): number {
  const index = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  return index === -1 ? segments.length : index;
}

type Lookup = { root: string; globs: string[] };

/** A path, or where to search and with which ripgrep globs (gitignore semantics). */
function classify({ base, pattern }: AnchoredPattern): string | Lookup {
  const trimmed = pattern.replace(/\/+$/, '');
  // gitignore: a slash before the end anchors the pattern to its base; otherwise it matches at any depth.
  const anchored = trimmed.includes('/');
  const relative = trimmed.replace(/^\/+/, '');
  if (!anchored) return { root: base, globs: [relative, `**/${relative}/**`] };
  const segments = relative.split('/');
  const cut = literalPrefix(segments);
  const root = path.join(base, ...segments.slice(0, cut));
  const rest = segments.slice(cut).join('/');
  if (rest === '' || WHOLE_FOLDER.has(rest)) return root;
  return { root, globs: [`/${rest}`, `/${rest}/**`] };
}

function search(rgPath: string, lookup: Lookup): Promise<string[]> {
  const args = ['--no-config', '--files', '--hidden', '--no-ignore', '--no-messages', '--null'];
  for (const glob of lookup.globs) args.push('--glob', glob);
  return new Promise((resolve, reject) => {
    execFile(rgPath, args, { cwd: lookup.root, timeout: SEARCH_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
      // rg exits 1 when nothing matched, and 2 after unreadable folders it skipped.
      const code = (error as { code?: unknown } | null)?.code;
      if (error && code !== 1 && code !== 2) {
        const killed = (error as { killed?: boolean }).killed;
        return reject(new SandboxPathError(killed ? `looking up the files it matches took over ${SEARCH_TIMEOUT_MS / 1000} s` : error.message));
      }
      resolve(stdout.split('\0').filter(Boolean).map((name) => path.join(lookup.root, name)));
    });
  });
}

function describe({ base, pattern }: AnchoredPattern): string {
  return pattern.startsWith('/') ? path.join(base, pattern) : `${pattern} (under ${base})`;
}

export async function pathsToHide(patterns: readonly AnchoredPattern[]): Promise<string[]> {
  const found = new Set<string>();
  let rgPath: string | undefined;
  for (const anchored of patterns) {
    const target = classify(anchored);
    if (typeof target === 'string') {
      found.add(target);
      continue;
    }
    if (rgPath === undefined) {
      const engine = await resolveEngine();
      if (engine.kind !== 'ripgrep') throw new SandboxPathError(`cannot resolve the hidden path pattern ${describe(anchored)}: ripgrep is not available`);
      rgPath = engine.rgPath;
    }
    let matches: string[];
    try {
      matches = await search(rgPath, target);
    } catch (error) {
      throw new SandboxPathError(`cannot resolve the hidden path pattern ${describe(anchored)}: ${(error as Error).message}`);
    }
    if (matches.length > MAX_MATCHES) {
      throw new SandboxPathError(
        `the hidden path pattern ${describe(anchored)} matches over ${MAX_MATCHES} files; hide their folder instead (a pattern ending in /**)`,
      );
    }
    for (const match of matches) found.add(match);
  }
  return [...found];
}
