// A large source tree built at bench time, with no network: several "repositories" side by side,
// each a git work tree (an empty .git folder with a few objects) holding nested source folders,
// a .gitignore for build output and logs, an ignored node_modules and dist, and files whose
// mtimes are spread over a year so newest-first ordering has work to do. Deterministic: the same
// arguments always make the same tree.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom as random } from './seededRandom.mjs';

const EXTENSIONS = ['ts', 'ts', 'ts', 'tsx', 'js', 'json', 'md', 'py', 'go', 'rs', 'c', 'h', 'css', 'txt'];
const WORDS = ['core', 'util', 'net', 'ui', 'parser', 'render', 'store', 'auth', 'io', 'cache', 'test', 'lib'];
const YEAR_SECONDS = 365 * 24 * 3600;
const NEWEST = 1_760_000_000;

function put(path, content, mtime) {
  writeFileSync(path, content);
  utimesSync(path, mtime, mtime);
}

/**
 * Builds the tree under `root` and returns what it holds: `files` (every file written),
 * `tracked` (those neither ignored nor inside .git) and `ts` (tracked `.ts` files).
 */
export function buildLargeTree(root, { files = 45_000, repos = 3, seed = 16 } = {}) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const counts = { files: 0, tracked: 0, ts: 0 };
  const perRepo = Math.ceil(files / repos);
  for (let r = 0; r < repos; r++) {
    const repo = join(root, `repo${r}`);
    mkdirSync(join(repo, '.git', 'objects', 'ab'), { recursive: true });
    put(join(repo, '.gitignore'), 'dist/\nbuild/\n*.log\nnode_modules/\ncoverage/\n', NEWEST - YEAR_SECONDS);
    for (let o = 0; o < 50; o++) put(join(repo, '.git', 'objects', 'ab', `obj${o}`), 'blob', NEWEST);
    counts.files += 51;
    // A tenth of each repository is output the walk must skip: dist/, node_modules/, logs.
    const ignored = Math.floor(perRepo / 10);
    for (let i = 0; i < ignored; i++) {
      const where = i % 3 === 0 ? `node_modules/pkg${i % 40}` : i % 3 === 1 ? `dist/chunk${i % 20}` : `logs`;
      const dir = join(repo, where);
      mkdirSync(dir, { recursive: true });
      const name = where === 'logs' ? `run${i}.log` : `file${i}.${pick(['js', 'ts', 'json'])}`;
      put(join(dir, name), `// generated ${i}\n`, NEWEST - Math.floor(next() * YEAR_SECONDS));
      counts.files++;
    }
    // Source folders form a random tree (most 5–12 levels deep) of about a dozen files each.
    const dirs = [join(repo, 'src')];
    const tracked = perRepo - ignored;
    while (dirs.length < tracked / 12) dirs.push(join(pick(dirs), `${pick(WORDS)}${dirs.length}`));
    for (const dir of dirs) mkdirSync(dir, { recursive: true });
    for (let i = 0; i < tracked; i++) {
      const ext = pick(EXTENSIONS);
      const lines = 4 + Math.floor(next() * 60);
      const body = Array.from({ length: lines }, (_, n) => `export const v${i}_${n} = ${n}; // ${pick(WORDS)}`).join('\n');
      put(join(pick(dirs), `${pick(WORDS)}_${i}.${ext}`), `${body}\n`, NEWEST - Math.floor(next() * YEAR_SECONDS));
      counts.files++;
      counts.tracked++;
      if (ext === 'ts') counts.ts++;
    }
    counts.tracked++; // the .gitignore itself
  }
  return counts;
}
