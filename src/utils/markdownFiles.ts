// Lists the `.md` files under a folder, for start-up discovery (custom commands). It replaces
// fast-glob's `**/*.md` there, so the glob engine loads only when Glob or Grep runs. Same
// results: hidden files and folders skipped, symlinks followed, paths relative with `/`, sorted.
import { existsSync, statSync, type Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';

type Folder = { path: string; relative: string; realPath: string; ancestors: ReadonlySet<string> };

/** `.md` files under dir as sorted `/`-separated relative paths; a missing folder gives []. */
export async function listMarkdownFiles(dir: string): Promise<string[]> {
  // No folder is the common case: a synchronous check is cheaper than a failed async realpath.
  if (!existsSync(dir)) return [];
  let realPath: string;
  try {
    realPath = await realpath(dir);
  } catch {
    return [];
  }
  const found: string[] = [];
  await collect({ path: dir, relative: '', realPath, ancestors: new Set([realPath]) }, found);
  return found.sort();
}

/** A markdown file found at a place: its full path and its path relative to the place, with `/`. */
export type MarkdownFile = { path: string; relative: string };

/**
 * The `.md` files a place stands for: the file itself when it is one (relative is its name; a
 * plugin manifest may name single files), else those under the folder.
 */
export async function markdownFilesAt(place: string): Promise<MarkdownFile[]> {
  if (!existsSync(place)) return [];
  if (statSync(place).isFile()) return place.endsWith('.md') ? [{ path: place, relative: basename(place) }] : [];
  return (await listMarkdownFiles(place)).map((relative) => ({ path: join(place, relative.split('/').join(sep)), relative }));
}

async function collect(folder: Folder, found: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder.path, { withFileTypes: true });
  } catch {
    // An unreadable subfolder hides only its own files.
    return;
  }
  const subfolders: Promise<void>[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder.path, entry.name);
    const relative = folder.relative === '' ? entry.name : `${folder.relative}/${entry.name}`;
    const kind = await kindOf(entry, path);
    if (kind === 'file' && entry.name.endsWith('.md')) found.push(relative);
    if (kind !== 'folder') continue;
    subfolders.push(enter(folder, entry, { path, relative }, found));
  }
  await Promise.all(subfolders);
}

/** A symlink counts as what it points to; a broken one as neither file nor folder. */
async function kindOf(entry: Dirent, path: string): Promise<'file' | 'folder' | 'other'> {
  if (entry.isSymbolicLink()) {
    const target = await stat(path).catch(() => undefined);
    if (target?.isDirectory()) return 'folder';
    return target?.isFile() ? 'file' : 'other';
  }
  if (entry.isDirectory()) return 'folder';
  return entry.isFile() ? 'file' : 'other';
}

/** Skips a folder that is one of its own ancestors (a symlink loop); plain folders need no realpath call. */
async function enter(parent: Folder, entry: Dirent, child: Pick<Folder, 'path' | 'relative'>, found: string[]): Promise<void> {
  const realPath = entry.isSymbolicLink()
    ? await realpath(child.path).catch(() => undefined)
    : join(parent.realPath, entry.name);
  if (realPath === undefined || parent.ancestors.has(realPath)) return;
  await collect({ ...child, realPath, ancestors: new Set([...parent.ancestors, realPath]) }, found);
}
