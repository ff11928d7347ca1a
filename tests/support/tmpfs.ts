// A small real file system that fills up: a tmpfs mounted on a temp folder (root only). Tests of
// full-disk behaviour use it instead of faking ENOSPC, so short writes happen the way the kernel
// makes them. Where mounting is forbidden the tests skip and print why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type SmallDisk = {
  dir: string;
  /** Bytes still free on it. */
  free(): number;
  /** Fills it with a filler file until only about `bytes` are free. */
  leaveFree(bytes: number): void;
  unmount(): void;
};

function mount(dir: string, bytes: number): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'pipe' });
}

/** Why a tmpfs cannot be mounted here, or undefined when it can (checked once, by trying). */
export const tmpfsUnavailable: string | undefined = (() => {
  if (process.platform !== 'linux') return `tmpfs mounts need Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = mkdtempSync(join(tmpdir(), 'pulse-tmpfs-probe-'));
  try {
    mount(probe, 64 * 1024);
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `this machine refuses to mount a tmpfs (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

if (tmpfsUnavailable) console.warn(`skipping the full-disk tests: ${tmpfsUnavailable}`);

export function mountSmallDisk(bytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'pulse-small-disk-'));
  mount(dir, bytes);
  const free = (): number => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    free,
    leaveFree(bytes) {
      writeFileSync(join(dir, '.filler'), Buffer.alloc(Math.max(0, free() - bytes)));
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
