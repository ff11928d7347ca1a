// The sandbox's view of the file system as bubblewrap mount arguments. Everything is visible and
// read-only to start with; then, shallowest path first, each entry sets what its subtree is:
// writable, readable again, hidden, or protected (read-only inside a writable place). A deeper
// entry overrides a shallower one; at the same path hiding beats everything else. Entries that
// change nothing are left out.
import { lstatSync } from 'node:fs';
import path from 'node:path';

export type MountKind = 'write' | 'read' | 'hide' | 'protect';

export type MountEntry = {
  path: string;
  kind: MountKind;
  /** For `protect` entries that may not exist yet: is the path a folder? */
  isDirectory?: boolean;
};

export type MountPlan = {
  args: string[];
  /**
   * Paths bubblewrap will create on the host as mount points, to keep a protected file or folder
   * that does not exist from being created inside; removed after the command if still empty.
   */
  mountPoints: string[];
};

const KIND_ORDER: Record<MountKind, number> = { write: 0, read: 1, protect: 2, hide: 3 };

type Existing = 'directory' | 'file' | undefined;

function existing(target: string): Existing {
  try {
    return lstatSync(target).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

function depth(target: string): number {
  return target.split(path.sep).filter(Boolean).length;
}

function isWithin(target: string, ancestor: string): boolean {
  const relative = path.relative(ancestor, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** What the applied entries make of `target`: the deepest covering entry decides; none means read-only. */
function stateOf(target: string, applied: readonly MountEntry[]): MountKind | 'readonly' {
  let best: MountEntry | undefined;
  for (const entry of applied) {
    if (!isWithin(target, entry.path)) continue;
    if (!best || depth(entry.path) >= depth(best.path)) best = entry;
  }
  if (!best) return 'readonly';
  return best.kind === 'protect' || best.kind === 'read' ? 'readonly' : best.kind;
}

/** The nearest missing ancestor-or-self of a path whose parent exists (where a mount point goes). */
function firstMissing(target: string): string | undefined {
  let current = target;
  while (existing(path.dirname(current)) === undefined) {
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return existing(current) === undefined ? current : undefined;
}

function sortEntries(entries: readonly MountEntry[]): MountEntry[] {
  const unique = new Map<string, MountEntry>();
  for (const entry of entries) unique.set(`${entry.kind}\0${path.resolve(entry.path)}`, { ...entry, path: path.resolve(entry.path) });
  return [...unique.values()].sort((a, b) => depth(a.path) - depth(b.path) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

export function planMounts(entries: readonly MountEntry[]): MountPlan {
  const args: string[] = [];
  const remount: string[] = [];
  const mountPoints: string[] = [];
  const applied: MountEntry[] = [];
  const hide = (target: string, kind: Existing): void => {
    if (kind === 'directory') {
      args.push('--tmpfs', target);
      remount.push('--remount-ro', target);
    } else {
      args.push('--ro-bind', '/dev/null', target);
    }
  };

  for (const entry of sortEntries(entries)) {
    const before = stateOf(entry.path, applied);
    const kind = existing(entry.path);
    if (entry.kind === 'write') {
      if (kind === undefined) continue;
      args.push('--bind', entry.path, entry.path);
    } else if (entry.kind === 'read') {
      if (kind === undefined || before !== 'hide') continue;
      args.push('--ro-bind', entry.path, entry.path);
    } else if (entry.kind === 'hide') {
      if (kind === undefined || before === 'hide') continue;
      hide(entry.path, kind);
    } else {
      if (before !== 'write') continue;
      if (kind !== undefined) {
        args.push('--ro-bind', entry.path, entry.path);
      } else {
        const point = firstMissing(entry.path);
        if (point === undefined) continue;
        // An empty read-only folder (or file) where nothing was keeps anything from being made there.
        hide(point, point !== entry.path || entry.isDirectory ? 'directory' : 'file');
        mountPoints.push(point);
      }
    }
    applied.push(entry);
  }
  return { args: [...args, ...remount], mountPoints };
}
