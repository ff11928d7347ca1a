// When the model asks for a file that is not there, it has usually guessed the extension or the
// case wrong, or made a typo. Offering the near miss saves a round of Glob.
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

export async function findSimilarFile(absPath: string): Promise<string | undefined> {
  const wanted = basename(absPath);
  let names: string[];
  try {
    names = await readdir(dirname(absPath));
  } catch {
    return undefined;
  }
  const best = names
    .map((name) => ({ name, score: similarity(wanted, name) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))[0];
  return best ? join(dirname(absPath), best.name) : undefined;
}

/** Higher is closer; 0 means not worth suggesting. */
function similarity(wanted: string, candidate: string): number {
  if (wanted === candidate) return 0;
  if (wanted.toLowerCase() === candidate.toLowerCase()) return 3;
  if (stem(wanted) === stem(candidate)) return 2;
  const limit = wanted.length <= 4 ? 1 : 2;
  return editDistance(wanted.toLowerCase(), candidate.toLowerCase()) <= limit ? 1 : 0;
}

function stem(name: string): string {
  return name.slice(0, name.length - extname(name).length);
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? Infinity;
}

/** The error for a missing file, with a near miss when the folder has one. */
export async function missingFileMessage(absPath: string, cwd: string): Promise<string> {
  const similar = await findSimilarFile(absPath);
  const hint = similar ? ` Did you mean ${similar}?` : '';
  return `File does not exist: ${absPath}.${hint} (Current working directory: ${cwd})`;
}
