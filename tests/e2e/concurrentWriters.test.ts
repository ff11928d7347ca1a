// Shared JSON files under real concurrent processes: twenty `pulse mcp add` at once keep twenty
// entries (before the lock, 6 of 20 survived in `.mcp.json`), the same for settings rules and the
// prompt history, the trust store and the plugin records, and a holder killed with SIGKILL never leaves a file locked for good.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleScript } from '../support/bundleScript.js';
import { createWorld, PULSE_BIN, worldEnv, type PulseWorld } from '../support/runPulse.js';
import { STALE_MS } from '../../src/utils/fileLock.js';

const WRITERS = 20;
let script: string;
let world: PulseWorld | undefined;

beforeAll(async () => {
  script = await bundleScript(resolve(import.meta.dirname, '../support/children/sharedFileWriters.ts'));
});

afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

type Exit = { code: number | null; stdout: string; stderr: string };

function run(w: PulseWorld, args: string[], onStdout?: (text: string) => void): { pid: number; done: Promise<Exit>; kill: () => void } {
  const child = spawn(process.execPath, args, {
    cwd: w.repo,
    env: worldEnv(w),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout?.(stdout);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Exit>((resolveExit) => child.once('close', (code) => resolveExit({ code, stdout, stderr })));
  return { pid: child.pid ?? 0, done, kill: () => child.kill('SIGKILL') };
}

function mcpAdd(w: PulseWorld, scope: string, name: string) {
  return run(w, [PULSE_BIN, 'mcp', 'add', '--scope', scope, name, '--', 'node', `${name}.js`]).done;
}

type ServersFile = { mcpServers: Record<string, unknown>; projects: Record<string, { mcpServers: Record<string, unknown> }> };

function json<T = ServersFile>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const names = Array.from({ length: WRITERS }, (_, index) => `server${index}`);

describe('concurrent writers of shared JSON files', () => {
  it('twenty concurrent `pulse mcp add` keep twenty entries in .mcp.json and in ~/.pulse/mcp.json', async () => {
    const w = (world = await createWorld());
    for (const scope of ['project', 'user', 'local']) {
      const exits = await Promise.all(names.map((name) => mcpAdd(w, scope, name)));
      for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    }
    expect(Object.keys(json(join(w.repo, '.mcp.json')).mcpServers).sort()).toEqual([...names].sort());
    const pulseFile = json(join(w.configDir, 'mcp.json'));
    expect(Object.keys(pulseFile.mcpServers).sort()).toEqual([...names].sort());
    expect(Object.keys(pulseFile.projects[w.repo]?.mcpServers ?? {}).sort()).toEqual([...names].sort());
  });

  it('twenty processes saving "don\'t ask again" rules keep every rule in settings.local.json', async () => {
    const w = (world = await createWorld());
    const rules = names.map((name) => `echo ${name}:*`);
    const exits = await Promise.all(rules.map((rule) => run(w, [script, 'save-rule', w.repo, rule]).done));
    for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    const saved = json<{ permissions: { allow: string[] } }>(join(w.repo, '.claude', 'settings.local.json')).permissions.allow;
    expect([...saved].sort()).toEqual(rules.map((rule) => `Bash(${rule})`).sort());
  });

  it('twenty processes appending to the history keep twenty whole lines', async () => {
    const w = (world = await createWorld());
    const exits = await Promise.all(names.map((name) => run(w, [script, 'history', `prompt from ${name}`]).done));
    for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    const lines = readFileSync(join(w.configDir, 'history.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { display: string }).display).sort()).toEqual(names.map((name) => `prompt from ${name}`).sort());
  });

  it('twenty processes trusting twenty folders keep every folder in the trust store', async () => {
    const w = (world = await createWorld());
    const folders = names.map((name) => join(w.repo, name));
    for (const folder of folders) mkdirSync(folder);
    const storePath = join(w.configDir, 'trusted-folders.json');
    // The test world trusts its repository already; that entry must survive too.
    const before = Object.keys(json<{ folders: Record<string, unknown> }>(storePath).folders);
    const exits = await Promise.all(folders.map((folder) => run(w, [script, 'trust', folder]).done));
    for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    const store = json<{ folders: Record<string, unknown> }>(storePath);
    expect(Object.keys(store.folders).sort()).toEqual([...before, ...folders].sort());
  });

  it('twenty processes recording plugins and marketplaces keep every record', async () => {
    const w = (world = await createWorld());
    const exits = await Promise.all(names.map((name) => run(w, [script, 'plugin-records', name]).done));
    for (const exit of exits) expect(exit, exit.stderr).toMatchObject({ code: 0 });
    const installed = json<{ plugins: Record<string, unknown> }>(join(w.configDir, 'plugins', 'installed_plugins.json'));
    expect(Object.keys(installed.plugins).sort()).toEqual(names.map((name) => `${name}@market`).sort());
    const known = json<Record<string, unknown>>(join(w.configDir, 'plugins', 'known_marketplaces.json'));
    expect(Object.keys(known).sort()).toEqual([...names].sort());
  });

  it('takes over the lock of a holder killed with SIGKILL once the lock has gone stale', async () => {
    const w = (world = await createWorld());
    const target = join(w.repo, '.mcp.json');
    let locked!: () => void;
    const isLocked = new Promise<void>((resolveLocked) => (locked = resolveLocked));
    const holder = run(w, [script, 'hold-lock', target], (text) => text.includes('locked') && locked());
    await isLocked;
    holder.kill();
    await holder.done;
    const lockDir = `${target}.lock`;
    expect(statSync(lockDir).isDirectory()).toBe(true);
    // The dead holder no longer refreshes its lock; stand in for the STALE_MS that pass meanwhile.
    const past = new Date(Date.now() - STALE_MS - 1_000);
    utimesSync(lockDir, past, past);
    const exit = await mcpAdd(w, 'project', 'after-crash');
    expect(exit, exit.stderr).toMatchObject({ code: 0 });
    expect(Object.keys(json(target).mcpServers)).toEqual(['after-crash']);
  });
});
