import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maskKey } from '../../../src/utils/mask.js';
import {
  credentialsPath,
  readStoredCredentials,
  removeStoredCredentials,
  writeStoredCredentials,
} from '../../../src/auth/store.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('credential store', () => {
  it('writes the key with mode 0600 and reads it back', async () => {
    const path = await writeStoredCredentials({ apiKey: 'sk-ant-secret-1234' }, dir);
    expect(path).toBe(credentialsPath(dir));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: 'sk-ant-secret-1234' });
  });

  it('creates a missing config dir readable only by its owner', async () => {
    const nested = join(dir, 'fresh', 'pulse');
    await writeStoredCredentials({ apiKeyHelper: 'echo k' }, nested);
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
    expect(await readStoredCredentials(nested)).toEqual({ apiKeyHelper: 'echo k' });
  });

  it('replaces the file by rename: a loose older file becomes a new 0600 file, no temp file stays', async () => {
    const path = credentialsPath(dir);
    await writeFile(path, '{"apiKey":"sk-old-key-0000"}', { mode: 0o644 });
    const before = await stat(path);
    await writeStoredCredentials({ apiKey: 'sk-new-key-9999' }, dir);
    const after = await stat(path);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['credentials.json']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ apiKey: 'sk-new-key-9999' });
  });

  it('removes its temp file when the final rename fails', async () => {
    // A non-empty directory where the file belongs makes the rename fail.
    await mkdir(join(credentialsPath(dir), 'blocker'), { recursive: true });
    await expect(writeStoredCredentials({ apiKey: 'sk-lost-key-2222' }, dir)).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['credentials.json']);
    expect((await stat(credentialsPath(dir))).isDirectory()).toBe(true);
  });

  it('reads nothing when no file exists, and says which file is damaged', async () => {
    expect(await readStoredCredentials(dir)).toBeUndefined();
    await writeFile(credentialsPath(dir), '{ not json');
    await expect(readStoredCredentials(dir)).rejects.toThrow(/credentials\.json is not valid JSON/);
    await writeFile(credentialsPath(dir), '{"apiKey": ""}');
    await expect(readStoredCredentials(dir)).rejects.toThrow(/neither "apiKey" nor "apiKeyHelper"/);
  });

  it('removes the stored key and says whether there was one', async () => {
    await writeStoredCredentials({ apiKey: 'sk-ant-secret-1234' }, dir);
    expect(await removeStoredCredentials(dir)).toBe(true);
    expect(await removeStoredCredentials(dir)).toBe(false);
    expect(await readStoredCredentials(dir)).toBeUndefined();
  });
});

describe('maskKey', () => {
  it('shows at most the sk- prefix and the last four characters', () => {
    expect(maskKey('sk-ant-api03-abcdefghijklmnop-WXYZ')).toBe('sk-…WXYZ');
    expect(maskKey('plain-token-value-1234')).toBe('…1234');
    expect(maskKey('short')).toBe('…');
  });
});
