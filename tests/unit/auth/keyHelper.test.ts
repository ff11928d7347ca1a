import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearKeyHelperCache, runKeyHelper } from '../../../src/auth/keyHelper.js';

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

  it('runs the command once per session and reuses its key', async () => {
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
