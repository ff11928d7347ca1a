// The sandbox end to end: the built CLI in bypassPermissions mode, with the sandbox turned on by
// settings, runs what the mock model asks for; the operating system, not Pulse's rules, stops it.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxAvailable } from '../support/sandbox.js';
import { resultOf, scenario, STREAM_JSON, toolResultsSent } from './harness.js';

const SANDBOX_ON = JSON.stringify({ sandbox: { enabled: true } });
const SECRET = 'PULSE-E2E-SECRET';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

function bash(id: string, command: string, extra: Record<string, unknown> = {}) {
  return { content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command, ...extra } }] };
}

function textOf(block: Record<string, unknown> | undefined): string {
  return typeof block?.content === 'string' ? block.content : JSON.stringify(block?.content);
}

describe.skipIf(!sandboxAvailable)('the sandbox in print mode', () => {
  it('stops escapes at the OS level even in bypassPermissions mode, and lets project work through', async () => {
    server = createServer((_req, res) => res.end(`${SECRET}\n`));
    const port = await new Promise<number>((resolve) => server?.listen(0, '127.0.0.1', () => resolve((server?.address() as { port: number }).port)));
    const s = await scenario([
      bash('toolu_out', 'touch ../x'),
      bash('toolu_key', 'cat ~/.ssh/id_rsa'),
      bash('toolu_net', `node -e "require('net').connect(${port}, '127.0.0.1').on('data', (d) => console.log(String(d))).on('error', (e) => { console.error(e.message); process.exit(1); })"`),
      // The engine sees this write to a protected folder and asks, so print mode refuses it.
      bash('toolu_hook', 'echo "touch hooked" > .git/hooks/post-commit'),
      // It cannot see inside a program; the sandbox stops the same write at the OS level.
      bash('toolu_hidden', `node -e "require('fs').writeFileSync('.git/hooks/post-commit', 'touch hooked')"`),
      bash('toolu_work', 'mkdir -p dist && echo built > dist/app.txt && git add dist && git -c user.name=t -c user.email=t@t.invalid commit -qm build && git log --format=%s -1'),
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    await mkdir(join(s.world.home, '.ssh'));
    await writeFile(join(s.world.home, '.ssh', 'id_rsa'), `${SECRET}\n`);
    const run = await s.run(['do it', '-p', '--permission-mode', 'bypassPermissions', '--settings', SANDBOX_ON, ...STREAM_JSON], {
      env: { IS_SANDBOX: '1' },
    });
    expect(run.code, run.stderr).toBe(0);
    const results = toolResultsSent(s.mock, 6);
    const byId = (id: string) => textOf(results.find((block) => block.tool_use_id === id));
    expect(byId('toolu_out')).toContain('Read-only file system');
    expect(existsSync(join(s.world.repo, '..', 'x'))).toBe(false);
    expect(byId('toolu_key')).not.toContain(SECRET);
    expect(byId('toolu_net')).toContain('ECONNREFUSED');
    expect(byId('toolu_net')).not.toContain(SECRET);
    expect(byId('toolu_hook')).toContain('a protected file');
    expect(byId('toolu_hidden')).toMatch(/read-only file system/i);
    expect(existsSync(join(s.world.repo, '.git', 'hooks', 'post-commit'))).toBe(false);
    expect(byId('toolu_work')).toBe('build');
    expect(await readFile(join(s.world.repo, 'dist', 'app.txt'), 'utf8')).toBe('built\n');
    // The model was told what the sandbox allows.
    const bashTool = (s.mock.requests[0]?.body.tools as Array<{ name: string; description: string }>).find((tool) => tool.name === 'Bash');
    expect(bashTool?.description).toContain("Commands run inside Pulse's sandbox");
    expect(resultOf(run.json())).toMatchObject({ subtype: 'success', result: 'Done.' });
  });

  it('asks before leaving the sandbox, so print mode refuses, even in bypassPermissions mode', async () => {
    const s = await scenario([bash('toolu_leave', 'touch ../left', { dangerouslyDisableSandbox: true }), { content: [{ type: 'text', text: 'Stopped.' }] }]);
    const run = await s.run(['leave', '-p', '--permission-mode', 'bypassPermissions', '--settings', SANDBOX_ON, '--output-format', 'json'], {
      env: { IS_SANDBOX: '1' },
    });
    expect(run.code).toBe(0);
    const [block] = toolResultsSent(s.mock, 1);
    expect(block?.is_error).toBe(true);
    expect(textOf(block)).toContain('outside the sandbox');
    expect(existsSync(join(s.world.repo, '..', 'left'))).toBe(false);
    expect(run.json()[0]).toMatchObject({ permission_denials: [expect.objectContaining({ tool_name: 'Bash' })] });
  });
});

describe('the sandbox where it cannot start', () => {
  async function fakeBwrap(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'pulse-fake-bwrap-'));
    await writeFile(join(dir, 'bwrap'), '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n');
    await chmod(join(dir, 'bwrap'), 0o755);
    return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }

  it('says so in one line, and Bash falls back to asking, so print mode refuses it', async () => {
    const fake = await fakeBwrap();
    try {
      const s = await scenario([
        { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'echo hi' } }, { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'touch made.txt' } }] },
        { content: [{ type: 'text', text: 'ok' }] },
      ]);
      const run = await s.run(['go', '-p', '--settings', SANDBOX_ON, '--output-format', 'json'], {
        env: { PATH: `${fake.dir}:${process.env.PATH ?? ''}` },
      });
      expect(run.code).toBe(0);
      const warnings = run.stderr.split('\n').filter((line) => line.includes('sandbox'));
      expect(warnings).toEqual([
        'pulse: warning: the sandbox cannot start: bubblewrap cannot create a sandbox here (bwrap: No permissions to create new namespace); the kernel may forbid unprivileged user namespaces (see "Sandbox" in the README). Bash commands will run without it and need approval as usual',
      ]);
      const [readOnly, writing] = toolResultsSent(s.mock, 1);
      // A read-only command needs no approval either way; it says it ran without the sandbox.
      expect(textOf(readOnly)).toContain('This command ran without the sandbox, which cannot start here');
      expect(writing?.is_error).toBe(true);
      expect(existsSync(join(s.world.repo, 'made.txt'))).toBe(false);
    } finally {
      await fake.cleanup();
    }
  });

  it('refuses Bash outright with failIfUnavailable, even in bypassPermissions mode', async () => {
    const fake = await fakeBwrap();
    try {
      const s = await scenario([bash('toolu_1', 'echo ran > ran.txt'), { content: [{ type: 'text', text: 'ok' }] }]);
      const settings = JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } });
      const run = await s.run(['go', '-p', '--permission-mode', 'bypassPermissions', '--settings', settings, '--output-format', 'json'], {
        env: { PATH: `${fake.dir}:${process.env.PATH ?? ''}`, IS_SANDBOX: '1' },
      });
      expect(run.code).toBe(0);
      const [block] = toolResultsSent(s.mock, 1);
      expect(textOf(block)).toContain('sandbox.failIfUnavailable is set');
      expect(existsSync(join(s.world.repo, 'ran.txt'))).toBe(false);
    } finally {
      await fake.cleanup();
    }
  });
});
