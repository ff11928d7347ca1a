// Workspace trust. In a real terminal: a cloned folder whose settings run a SessionStart hook, an
// apiKeyHelper and an MCP server (the attacks of CVE-2025-59536 and CVE-2026-21852: project code
// and settings env run before the person agreed). Nothing may run while the question is on
// screen, "No" leaves without running anything, "Yes" runs it all, and the question comes once.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { killPtyPulses, startPtyPulse, type PtyPulse } from '../support/ptyPulse.js';
import { assertBuilt, createWorld, runPulse, type PulseWorld } from '../support/runPulse.js';
import { waitFor } from '../ui/helpers.js';

const QUESTION = 'Do you trust the files in this folder?';
const READY = '/ for commands';
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await killPtyPulses();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

type Clone = { world: PulseWorld; mock: MockAnthropic; markers: Record<'hook' | 'helper' | 'mcp' | 'env', string> };

/** A folder as a stranger's repository would arrive: settings that run code, nothing trusted. */
async function clonedRepository(): Promise<Clone> {
  assertBuilt();
  const world = await createWorld({ trusted: false });
  const mock = await startMockAnthropic({ turns: [], fallback: { content: [{ type: 'text', text: 'hello' }] } });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  const markers = {
    hook: join(world.home, 'hook-ran'),
    helper: join(world.home, 'helper-ran'),
    mcp: join(world.home, 'mcp-ran'),
    env: join(world.home, 'env-applied'),
  };
  await mkdir(join(world.repo, '.claude'));
  const settings = {
    hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `touch ${markers.hook}; echo "$PROBE_ENV" > ${markers.env}` }] }] },
    apiKeyHelper: `touch ${markers.helper}; echo sk-test`,
    env: { PROBE_ENV: 'from-project-settings' },
    enableAllProjectMcpServers: true,
  };
  await writeFile(join(world.repo, '.claude', 'settings.json'), JSON.stringify(settings));
  const server = { command: '/bin/sh', args: ['-c', `touch ${markers.mcp}; exec cat`] };
  await writeFile(join(world.repo, '.mcp.json'), JSON.stringify({ mcpServers: { probe: server } }));
  return { world, mock, markers };
}

/** Without ANTHROPIC_API_KEY the project's apiKeyHelper is the only way to a key. */
function start(clone: Clone, cwd?: string, env: Record<string, string> = {}): PtyPulse {
  return startPtyPulse(clone.world, { cols: 120, env: { ANTHROPIC_BASE_URL: clone.mock.url, ...env }, ...(cwd ? { cwd } : {}) });
}

/** The choice the cursor is on in the latest frame. */
function selected(pulse: PtyPulse): 'leave' | 'trust' {
  const screen = pulse.screen();
  return screen.lastIndexOf('❯ 2. Yes') > screen.lastIndexOf('❯ 1. No') ? 'trust' : 'leave';
}

/** Presses `key` until the cursor lands on `target`: keys sent before Ink reads the terminal are lost. */
async function moveTo(pulse: PtyPulse, target: 'leave' | 'trust', key: string): Promise<void> {
  for (let attempt = 0; attempt < 50 && selected(pulse) !== target; attempt++) {
    pulse.write(key);
    await waitFor(() => selected(pulse) === target, 300).catch(() => undefined);
  }
  expect(selected(pulse)).toBe(target);
}

/** Confirms a choice once the dialog is known to be reading keys (the cursor has moved). */
async function answer(pulse: PtyPulse, choice: 'leave' | 'trust'): Promise<void> {
  await moveTo(pulse, 'trust', '\u001B[B');
  if (choice === 'leave') await moveTo(pulse, 'leave', '\u001B[A');
  pulse.write('\r');
}

/** Ctrl+D until Pulse has gone: one sent before the prompt reads keys would be lost. */
async function quit(pulse: PtyPulse): Promise<void> {
  for (let attempt = 0; attempt < 50 && !pulse.exited(); attempt++) {
    pulse.write('\u0004');
    await waitFor(pulse.exited, 300).catch(() => undefined);
  }
  expect(pulse.exitCode(), pulse.screen().split('\n').slice(-15).join('\n')).toBe(0);
}

const ranAnything = (clone: Clone): string[] =>
  Object.entries(clone.markers).flatMap(([name, path]) => (existsSync(path) ? [name] : []));

describe('workspace trust', () => {
  it('asks before anything from the folder runs, and "No" leaves without running it', async () => {
    const clone = await clonedRepository();
    const pulse = start(clone);
    await waitFor(() => pulse.screen().includes('No, exit'), 15_000);
    expect(pulse.screen()).toContain(QUESTION);
    // What the folder would run is named, so the answer is an informed one.
    expect(pulse.screen()).toContain('hooks (SessionStart)');
    expect(pulse.screen()).toContain('an apiKeyHelper command');
    expect(pulse.screen()).toContain('MCP servers (probe)');
    expect(ranAnything(clone)).toEqual([]);

    await answer(pulse, 'leave');
    await waitFor(pulse.exited, 10_000);
    expect(pulse.exitCode()).toBe(1);
    expect(pulse.screen()).toContain('was not trusted, so nothing from it ran');
    expect(ranAnything(clone)).toEqual([]);
    expect(clone.mock.requests).toHaveLength(0);
    expect(existsSync(join(clone.world.configDir, 'trusted-folders.json'))).toBe(false);
  });

  it('runs the project code once trusted, remembers the answer, and covers subfolders', async () => {
    const clone = await clonedRepository();
    const first = start(clone);
    await waitFor(() => first.screen().includes('No, exit'), 15_000);
    expect(ranAnything(clone)).toEqual([]);
    await answer(first, 'trust');
    await waitFor(() => first.screen().includes(READY), 15_000);
    await waitFor(() => ranAnything(clone).length === 4, 15_000);
    expect(await readFile(clone.markers.env, 'utf8')).toBe('from-project-settings\n');
    const store = JSON.parse(await readFile(join(clone.world.configDir, 'trusted-folders.json'), 'utf8')) as {
      folders: Record<string, unknown>;
    };
    expect(Object.keys(store.folders)).toEqual([clone.world.repo]);
    await quit(first);

    // Asked once: the next start, here or in a subfolder, opens the REPL straight away.
    const sub = join(clone.world.repo, 'src', 'deep');
    await mkdir(sub, { recursive: true });
    for (const cwd of [clone.world.repo, sub]) {
      const again = start(clone, cwd);
      await waitFor(() => again.screen().includes(READY), 15_000);
      expect(again.screen()).not.toContain(QUESTION);
      await quit(again);
    }
  });

  it('trusts the home folder for one session only', async () => {
    const clone = await clonedRepository();
    const pulse = start(clone, clone.world.home, { ANTHROPIC_API_KEY: 'sk-test' });
    await waitFor(() => pulse.screen().includes('No, exit'), 15_000);
    expect(pulse.screen()).toContain('This is your home folder, so a yes holds for this session only.');
    await answer(pulse, 'trust');
    await waitFor(() => pulse.screen().includes(READY), 15_000);
    await quit(pulse);
    expect(existsSync(join(clone.world.configDir, 'trusted-folders.json'))).toBe(false);
  });

  it('takes a print-mode run as trust, as the reference does: no question, the project code runs', async () => {
    const clone = await clonedRepository();
    const run = await runPulse(['-p', 'hi'], { world: clone.world, baseUrl: clone.mock.url, apiKey: null });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('hello\n');
    expect(ranAnything(clone).sort()).toEqual(['env', 'helper', 'hook', 'mcp']);
    // Nothing is remembered: an interactive start there still asks.
    expect(existsSync(join(clone.world.configDir, 'trusted-folders.json'))).toBe(false);
  });
});
