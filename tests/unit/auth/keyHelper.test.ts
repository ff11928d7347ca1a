import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearKeyHelperCache, keyHelperTtlMs, renewKeyHelper, runKeyHelper } from '../../../src/auth/keyHelper.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-helper-'));
  clearKeyHelperCache();
});

afterEach(async () => {
  clearKeyHelperCache();
  await rm(dir, { recursive: true, force: true });
});

describe('apiKeyHelper', () => {
  it('returns what the command prints, trimmed, run in the given directory', async () => {
    expect(await runKeyHelper('printf "  sk-from-helper-%s\\n" "$(basename "$PWD")"', dir)).toBe(
      `sk-from-helper-${dir.split('/').at(-1) ?? ''}`,
    );
  });

  it('runs the command once while its key is fresh and reuses the key', async () => {
    const counter = join(dir, 'runs');
    const command = `echo x >> ${counter}; echo sk-cached-key-1234`;
    expect(await runKeyHelper(command, dir)).toBe('sk-cached-key-1234');
    expect(await runKeyHelper(command, dir)).toBe('sk-cached-key-1234');
    expect(await readFile(counter, 'utf8')).toBe('x\n');
  });

  it('fails in one line with the exit code and stderr, never quoting stdout', async () => {
    const failing = runKeyHelper('printf "sk-%s-%s" partial secret; echo "vault is locked" >&2; exit 3', dir);
    await expect(failing).rejects.toThrow(/^apiKeyHelper ".*" failed \(exit 3\): vault is locked$/);
    await expect(failing).rejects.not.toThrow(/sk-partial-secret/);
  });

  it('masks anything that looks like a key in what it quotes from stderr', async () => {
    await expect(runKeyHelper('printf "bad key sk-%s\\n" ant-leaked-secret-9876 >&2; exit 1', dir)).rejects.toThrow(
      /failed \(exit 1\): bad key sk-…9876$/,
    );
  });

  it('fails when the command prints nothing, and does not keep the failure', async () => {
    const flag = join(dir, 'ready');
    const command = `test -f ${flag} && echo sk-later-key-5678`;
    await expect(runKeyHelper(`${command} || true`, dir)).rejects.toThrow(/printed no key/);
    await expect(runKeyHelper(command, dir)).rejects.toThrow(/failed \(exit 1\)/);
    await import('node:fs/promises').then((fs) => fs.writeFile(flag, ''));
    expect(await runKeyHelper(command, dir)).toBe('sk-later-key-5678');
  });

  it('gives up after its deadline and ends what the command started', async () => {
    const started = Date.now();
    await expect(runKeyHelper('sleep 20; echo sk-too-late', dir, 300)).rejects.toThrow(
      /^apiKeyHelper "sleep 20; echo sk-too-late" timed out after 0s$/,
    );
    // The grandchild `sleep` holds the pipes; only killing the group lets the run end this soon.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('apiKeyHelper time to live', () => {
  const saved = process.env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS;
    else process.env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS = saved;
  });

  it('keeps a key five minutes unless CLAUDE_CODE_API_KEY_HELPER_TTL_MS says otherwise', () => {
    expect(keyHelperTtlMs({})).toBe(300_000);
    expect(keyHelperTtlMs({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: '60000' })).toBe(60_000);
    expect(keyHelperTtlMs({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: '0' })).toBe(0);
    expect(keyHelperTtlMs({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: 'soon' })).toBe(300_000);
  });

  it('runs the command again once its key has expired', async () => {
    process.env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS = '0';
    const counter = join(dir, 'runs');
    const command = `echo x >> ${counter}; echo sk-short-lived-key-$(wc -l < ${counter} | tr -d ' ')`;
    expect(await runKeyHelper(command, dir)).toBe('sk-short-lived-key-1');
    expect(await runKeyHelper(command, dir)).toBe('sk-short-lived-key-2');
  });

  it('renews at once when asked, whatever the cache holds, and keeps the new key', async () => {
    const counter = join(dir, 'runs');
    const command = `echo x >> ${counter}; echo sk-renewed-key-$(wc -l < ${counter} | tr -d ' ')`;
    expect(await runKeyHelper(command, dir)).toBe('sk-renewed-key-1');
    expect(await renewKeyHelper(command, dir)).toBe('sk-renewed-key-2');
    expect(await runKeyHelper(command, dir)).toBe('sk-renewed-key-2');
  });
});
