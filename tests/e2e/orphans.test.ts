// Nothing Pulse starts outlives it, with real processes and real signals: a Bash command (and a
// background child of it) and an MCP stdio server that never answers `initialize` (and ignores
// SIGTERM and a closed stdin) are gone after every way Pulse ends: a normal exit, an error exit,
// SIGINT, SIGTERM, SIGHUP, SIGKILL (which runs no Pulse code: the watchdog ends them), and in the
// REPL, leaving and a closed terminal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMcpTestServerScript } from '../support/mcpTestServer.js';
import { isProcessGroupRunning, isProcessRunning } from '../support/processes.js';
import { startPtyPulse } from '../support/ptyPulse.js';
import { ptyScenario } from '../ui/ptyHarness.js';
import { scenario, type Scenario } from './harness.js';

let script: string;
beforeAll(async () => {
  script = await buildMcpTestServerScript();
});

async function waitFor(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function pidIn(path: string): number {
  return Number(readFileSync(path, 'utf8').trim());
}

function hasPid(path: string): boolean {
  return existsSync(path) && readFileSync(path, 'utf8').trim() !== '';
}

/** A config file naming one stdio server that never answers, writing its pid to `pidFile`. */
function silentServerConfig(dir: string, pidFile: string): string {
  const path = join(dir, 'silent-mcp.json');
  const server = { command: process.execPath, args: [script, '--stdio'], env: { MCP_TEST_SILENT: '1', MCP_TEST_PID_FILE: pidFile } };
  writeFileSync(path, JSON.stringify({ mcpServers: { silent: server } }));
  return path;
}

/** Waits (bounded) for the processes to be gone, and says how long that took. */
async function goneWithin(what: string, alive: () => boolean): Promise<number> {
  const since = Date.now();
  await waitFor(`${what} to end`, () => !alive(), 10_000);
  return Date.now() - since;
}

type Started = { s: Scenario; bashGroup: number; serverPid: number; pulse: ReturnType<Scenario['start']> };

/** Print mode with the silent server, in the middle of a long Bash command. */
async function startMidCommand(): Promise<Started> {
  const s = await scenario([
    { content: [{ type: 'tool_use', id: 'toolu_long', name: 'Bash', input: { command: 'echo $$ > bash.pid; sleep 60 & exec sleep 60' } }] },
  ]);
  const serverPidFile = join(s.world.repo, 'server.pid');
  const config = silentServerConfig(s.world.repo, serverPidFile);
  const pulse = s.start(['-p', 'run the long thing', '--allowedTools', 'Bash', '--mcp-config', config], { env: { MCP_TIMEOUT: '60000' } });
  const bashPid = join(s.world.repo, 'bash.pid');
  await waitFor('the command to start', () => hasPid(bashPid));
  await waitFor('the server to start', () => hasPid(serverPidFile));
  const started = { s, bashGroup: pidIn(bashPid), serverPid: pidIn(serverPidFile), pulse };
  expect(isProcessGroupRunning(started.bashGroup)).toBe(true);
  expect(isProcessRunning(started.serverPid)).toBe(true);
  return started;
}

describe('no orphans from print mode', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`ends the command and the silent MCP server on ${signal}`, async () => {
      const { bashGroup, serverPid, pulse } = await startMidCommand();
      pulse.child.kill(signal);
      expect((await pulse.finished).code).toBe(code);
      await goneWithin('the command', () => isProcessGroupRunning(bashGroup));
      await goneWithin('the server', () => isProcessRunning(serverPid));
    });
  }

  it('ends them after SIGKILL too, which runs no Pulse code: the watchdog does it', async () => {
    const { bashGroup, serverPid, pulse } = await startMidCommand();
    pulse.child.kill('SIGKILL');
    expect((await pulse.finished).signal).toBe('SIGKILL');
    const commandMs = await goneWithin('the command', () => isProcessGroupRunning(bashGroup));
    const serverMs = await goneWithin('the server', () => isProcessRunning(serverPid));
    // The server ignores SIGTERM: it needs the watchdog's SIGKILL a second later.
    console.log(`after SIGKILL of Pulse: command group gone in ${commandMs} ms, SIGTERM-proof server in ${serverMs} ms`);
  });

  it('ends a server that never answered when Pulse finishes normally, and when it fails', async () => {
    for (const turn of [
      { content: [{ type: 'text' as const, text: 'Done without it.' }] },
      { kind: 'http_error' as const, status: 400, message: 'bad request' },
    ]) {
      const s = await scenario([turn]);
      const serverPidFile = join(s.world.repo, 'server.pid');
      const run = await s.run(['-p', 'hello', '--mcp-config', silentServerConfig(s.world.repo, serverPidFile)], { env: { MCP_TIMEOUT: '60000' } });
      expect(run.code).toBe('kind' in turn ? 1 : 0);
      expect(hasPid(serverPidFile)).toBe(true);
      await goneWithin('the server', () => isProcessRunning(pidIn(serverPidFile)));
    }
  });
});

describe('no orphans from the REPL', () => {
  it('ends the silent MCP server when the person leaves and when the terminal closes (SIGHUP)', async () => {
    for (const leave of ['ctrl-d', 'SIGHUP'] as const) {
      const scenarioPty = await ptyScenario({ turns: [] });
      const serverPidFile = join(scenarioPty.world.repo, 'server.pid');
      const config = silentServerConfig(scenarioPty.world.repo, serverPidFile);
      const repl = startPtyPulse(scenarioPty.world, { args: ['--mcp-config', config], env: { ...scenarioPty.apiEnv, MCP_TIMEOUT: '60000' } });
      await waitFor('the REPL', () => repl.screen().includes('/ for commands'));
      await waitFor('the server to start', () => hasPid(serverPidFile));
      if (leave === 'ctrl-d') repl.write('\u0004');
      else repl.kill('SIGHUP');
      await waitFor('Pulse to exit', () => repl.exited());
      await goneWithin('the server', () => isProcessRunning(pidIn(serverPidFile)));
    }
  }, 60_000);
});
