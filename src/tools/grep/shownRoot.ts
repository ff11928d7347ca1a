// Grep's `path` may name a file or folder shown escaped because its name is not valid UTF-8.
// Neither ripgrep's arguments nor the built-in search can carry those bytes as text, so the
// search runs through a symlink to them in a temp folder of its own, and the results name the
// path as the model gave it.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawGrepResult } from './types.js';

export async function searchThroughLink(target: Buffer, shown: string, search: (link: string) => Promise<RawGrepResult>): Promise<RawGrepResult> {
  const folder = await mkdtemp(join(tmpdir(), 'pulse-grep-'));
  const link = join(folder, 'root');
  try {
    await symlink(target, link);
    return withRoot(await search(link), link, shown);
  } finally {
    // Removes the link, never what it points to.
    await rm(folder, { recursive: true, force: true });
  }
}

function withRoot(raw: RawGrepResult, link: string, shown: string): RawGrepResult {
  // Every path and content line (`path:N:text`, `path-N-text`, a binary notice) starts with the link.
  const rename = (text: string) => (text.startsWith(link) ? shown + text.slice(link.length) : text);
  switch (raw.mode) {
    case 'files_with_matches':
      return { mode: raw.mode, files: raw.files.map(rename) };
    case 'count':
      return { mode: raw.mode, counts: raw.counts.map((entry) => ({ path: rename(entry.path), count: entry.count })) };
    case 'content':
      return { mode: raw.mode, lines: raw.lines.map(rename) };
  }
}
