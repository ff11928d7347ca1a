// Every file Pulse replaces lands whole or not at all, on a real file system that runs out of
// space (a small tmpfs): write-file-atomic 7 took the kernel's short write for success and left
// a 126,976-byte file where 2,000,000 were asked for.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession } from '../../../src/state/session.js';
import { EditTool } from '../../../src/tools/edit/EditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { WriteTool } from '../../../src/tools/write/WriteTool.js';
import { AtomicWriteError, writeFileAtomically, writeFileAtomicallySync } from '../../../src/utils/atomicWrite.js';
import { mountSmallDisk, tmpfsUnavailable, type SmallDisk } from '../../support/tmpfs.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let disk: SmallDisk | undefined;
let plainDir: string | undefined;

afterEach(() => {
  disk?.unmount();
  disk = undefined;
  if (plainDir) rmSync(plainDir, { recursive: true, force: true });
  plainDir = undefined;
});

function tempDir(): string {
  plainDir = mkdtempSync(join(tmpdir(), 'pulse-atomic-'));
  return plainDir;
}

function smallDisk(bytes: number): SmallDisk {
  disk = mountSmallDisk(bytes);
  return disk;
}

/** Files left in the folder besides the filler: a stray temp file would show up here. */
function namesIn(dir: string): string[] {
  return readdirSync(dir).filter((name) => name !== '.filler').sort();
}

describe.skipIf(tmpfsUnavailable !== undefined)('writing on a full disk', () => {
  it('refuses a write that does not fit and leaves the old file as it was', async () => {
    const { dir } = smallDisk(256 * 1024);
    const file = join(dir, 'data.bin');
    writeFileSync(file, 'the old contents\n');
    const attempt = writeFileAtomically(file, Buffer.alloc(2_000_000, 0x61));
    await expect(attempt).rejects.toBeInstanceOf(AtomicWriteError);
    await expect(attempt).rejects.toThrow(`Could not write ${file}: no space left on device (ENOSPC); the file was left as it was.`);
    expect(readFileSync(file, 'utf8')).toBe('the old contents\n');
    expect(namesIn(dir)).toEqual(['data.bin']);
  });

  it('creates no file at all when a new one does not fit', async () => {
    const { dir } = smallDisk(128 * 1024);
    const file = join(dir, 'new.txt');
    await expect(writeFileAtomically(file, 'x'.repeat(400_000))).rejects.toThrow('no file was created');
    expect(namesIn(dir)).toEqual([]);
  });

  it('refuses a write to a name that is not UTF-8 the same way, naming it as the file tools show it', async () => {
    const { dir } = smallDisk(256 * 1024);
    const file = Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff]), Buffer.from('.bin')]);
    writeFileSync(file, 'the old contents\n');
    const shown = join(dir, 'bad\\xff.bin');
    await expect(writeFileAtomically(file, Buffer.alloc(2_000_000, 0x61), { shownPath: shown })).rejects.toThrow(
      `Could not write ${shown}: no space left on device (ENOSPC); the file was left as it was.`,
    );
    expect(() => writeFileAtomicallySync(file, Buffer.alloc(2_000_000, 0x61), { shownPath: shown })).toThrow(/ENOSPC/);
    expect(readFileSync(file, 'utf8')).toBe('the old contents\n');
    expect(readdirSync(Buffer.from(dir), { encoding: 'buffer' }).filter((name) => name.toString() !== '.filler')).toEqual([file.subarray(dir.length + 1)]);
  });

  it('does the same when it must not wait (the code cache)', () => {
    const { dir } = smallDisk(128 * 1024);
    const file = join(dir, 'cache.bin');
    writeFileSync(file, 'old cache');
    expect(() => writeFileAtomicallySync(file, Buffer.alloc(600_000, 1))).toThrow(/no space left on device \(ENOSPC\)/);
    expect(readFileSync(file, 'utf8')).toBe('old cache');
    expect(namesIn(dir)).toEqual(['cache.bin']);
  });

  it('still writes what fits, right up to the last free pages', async () => {
    const { dir, leaveFree } = smallDisk(256 * 1024);
    leaveFree(64 * 1024);
    const file = join(dir, 'fits.txt');
    await writeFileAtomically(file, 'y'.repeat(40_000));
    expect(statSync(file).size).toBe(40_000);
  });

  it('Write says the file was not written instead of "Created"', async () => {
    const { dir } = smallDisk(256 * 1024);
    resetSession({ cwd: dir });
    const result = await runTool(WriteTool, { file_path: join(dir, 'big.txt'), content: 'z'.repeat(2_000_000) }, makeToolContext(dir));
    expect(result.error).toMatch(/^Could not write .*big\.txt: no space left on device \(ENOSPC\); no file was created\.$/);
    expect(namesIn(dir)).toEqual([]);
  });

  it('Edit keeps a 300 KB file whole when the edited copy does not fit', async () => {
    const { dir, leaveFree } = smallDisk(1024 * 1024);
    resetSession({ cwd: dir });
    const ctx = makeToolContext(dir);
    const file = join(dir, 'large.txt');
    const original = `${'line of text\n'.repeat(23_000)}the end\n`;
    writeFileSync(file, original);
    leaveFree(128 * 1024);
    // Too large to read whole: the model reads the part it edits, as it would.
    await runTool(ReadTool, { file_path: file, offset: 23_000, limit: 2 }, ctx);
    const result = await runTool(EditTool, { file_path: file, old_string: 'the end', new_string: 'the new end' }, ctx);
    expect(result.error).toMatch(/no space left on device \(ENOSPC\); the file was left as it was\.$/);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(namesIn(dir)).toEqual(['large.txt']);
  });
});

describe('replacing a file', () => {
  it('keeps the mode of the file it replaces and writes through a symlink to its target', async () => {
    const dir = tempDir();
    const target = join(dir, 'script.sh');
    writeFileSync(target, 'echo old\n');
    chmodSync(target, 0o750);
    const link = join(dir, 'link.sh');
    symlinkSync(target, link);
    await writeFileAtomically(link, 'echo new\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('echo new\n');
    expect(statSync(target).mode & 0o777).toBe(0o750);
    expect(readdirSync(dir).sort()).toEqual(['link.sh', 'script.sh']);
  });

  it('replaces a file whose name is not UTF-8, through a symlink whose name is not UTF-8 either, sync or not', async () => {
    const dir = tempDir();
    const named = (text: string, byte: number) => Buffer.concat([Buffer.from(`${dir}/${text}`), Buffer.from([byte])]);
    const target = named('data', 0xfe);
    const link = named('link', 0xff);
    writeFileSync(target, 'old\n');
    chmodSync(target, 0o640);
    symlinkSync(target, link);
    await writeFileAtomically(link, 'async\n');
    expect(readFileSync(target, 'utf8')).toBe('async\n');
    writeFileAtomicallySync(link, 'sync\n');
    expect(readFileSync(target, 'utf8')).toBe('sync\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readdirSync(Buffer.from(dir), { encoding: 'buffer' }).map((name) => name.toString('latin1')).sort()).toEqual(['data\xfe', 'link\xff']);
  });

  it('sets a forced mode even on a file that exists (credentials stay owner-only)', async () => {
    const dir = tempDir();
    const file = join(dir, 'credentials.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o644);
    await writeFileAtomically(file, '{"apiKey":"k"}', { mode: 0o600, forceMode: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
