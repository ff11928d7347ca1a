// The cross-process lock's own rules (the concurrent-process tests are in
// tests/e2e/concurrentWriters.test.ts): a stale lock is taken over, and a holder that lost its lock
// while paused finds out before it commits and leaves the new holder's lock alone.
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileLockError, STALE_MS, withFileLock } from '../../../src/utils/fileLock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pulse-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function ageLock(lockDir: string): void {
  const past = new Date(Date.now() - STALE_MS - 1_000);
  utimesSync(lockDir, past, past);
}

describe('withFileLock', () => {
  it('holds a lock folder while working and removes it afterwards', async () => {
    const path = join(dir, 'settings.json');
    const seen = await withFileLock(path, async () => existsSync(`${path}.lock`));
    expect(seen).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('lets a holder that was overtaken know before it commits, and keeps the new holder\'s lock', async () => {
    const path = join(dir, 'mcp.json');
    const lockDir = `${path}.lock`;
    let releaseSecond!: () => void;
    let second!: Promise<void>;
    await withFileLock(path, async (assertHeld) => {
      await assertHeld();
      // This holder is paused past STALE_MS, and another writer takes the lock over.
      ageLock(lockDir);
      await new Promise<void>((resolveHolds) => {
        second = withFileLock(path, async () => {
          resolveHolds();
          await new Promise<void>((resolveRelease) => (releaseSecond = resolveRelease));
        });
      });
      await expect(assertHeld()).rejects.toBeInstanceOf(FileLockError);
    });
    // Leaving did not remove the second holder's lock; its own release does.
    expect(readFileSync(join(lockDir, 'owner'), 'utf8')).not.toBe('');
    expect(existsSync(lockDir)).toBe(true);
    releaseSecond();
    await second;
    expect(existsSync(lockDir)).toBe(false);
  });
});
