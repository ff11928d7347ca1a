// Nothing Pulse starts outlives it, with real processes and real signals: a Bash command (and a
// background child of it) and an MCP stdio server that never answers `initialize` (and ignores
// SIGTERM and a closed stdin) are gone after every way Pulse ends: a normal exit, an error exit,
// SIGINT, SIGTERM, SIGHUP, SIGKILL (which runs no Pulse code: the watchdog ends them), and in the
// REPL, Ctrl+D, Ctrl+C twice, SIGTERM and a closed terminal (SIGHUP), mid-command included.
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

/**
 * Pulse's main thread is back waiting in its event loop: the synchronous code that spawned the
 * command and listed its group with the watchdog has run. On a loaded machine Pulse can be taken
 * off the CPU between the spawn and that line while the command already writes its pid, and a
 * SIGKILL then would test nothing the watchdog could know of. Where /proc/<pid>/wchan is not
 * readable the check is skipped.
 */
function backInEventLoop(pid: number | undefined): boolean {
  if (pid === undefined || !existsSync(`/proc/${pid}/wchan`)) return true;
  try {
    return readFileSync(`/proc/${pid}/wchan`, 'utf8').includes('epoll');
  } catch {
    return true;
  }
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
  await waitFor('Pulse to be back in its event loop', () => backInEventLoop(pulse.child.pid));
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

/** The REPL drawn and reading keys (keys sent before Ink's raw mode are echoed by the terminal). */
async function waitForPrompt(repl: ReturnType<typeof startPtyPulse>): Promise<void> {
  await waitFor('the REPL', () => repl.screen().includes('/ for commands'));
  await waitFor('the prompt to read keys', () => repl.output().includes('\u001B[?2004h'));
}

describe('no orphans from the REPL', () => {
  it('ends the silent MCP server when the person leaves (Ctrl+D, Ctrl+C twice) and on SIGTERM and SIGHUP', async () => {
    for (const leave of ['ctrl-d', 'ctrl-c', 'SIGTERM', 'SIGHUP'] as const) {
      const scenarioPty = await ptyScenario({ turns: [] });
      const serverPidFile = join(scenarioPty.world.repo, 'server.pid');
      const config = silentServerConfig(scenarioPty.world.repo, serverPidFile);
      const repl = startPtyPulse(scenarioPty.world, { args: ['--mcp-config', config], env: { ...scenarioPty.apiEnv, MCP_TIMEOUT: '60000' } });
      await waitForPrompt(repl);
      await waitFor('the server to start', () => hasPid(serverPidFile));
      if (leave === 'ctrl-d') repl.write('\u0004');
      else if (leave === 'ctrl-c') {
        repl.write('\u0003');
        await waitFor('the exit hint', () => repl.screen().includes('Press Ctrl+C again to exit'));
        repl.write('\u0003');
      } else repl.kill(leave);
      await waitFor(`Pulse to exit after ${leave}`, () => repl.exited());
      // A signal from outside exits with the shell's code for it.
      if (leave === 'SIGTERM' || leave === 'SIGHUP') expect(repl.exitCode()).toBe(leave === 'SIGTERM' ? 143 : 129);
      await goneWithin(`the server after ${leave}`, () => isProcessRunning(pidIn(serverPidFile)));
    }
  }, 90_000);

  it('ends a running Bash command when the terminal closes mid-command', async () => {
    const scenarioPty = await ptyScenario({
      turns: [{ content: [{ type: 'tool_use', id: 'toolu_long', name: 'Bash', input: { command: 'echo $$ > bash.pid; sleep 60 & exec sleep 60' } }] }],
    });
    const bashPid = join(scenarioPty.world.repo, 'bash.pid');
    const repl = startPtyPulse(scenarioPty.world, { args: ['--allowedTools', 'Bash'], env: scenarioPty.apiEnv });
    await waitForPrompt(repl);
    repl.write('run the long thing');
    await waitFor('the prompt typed', () => repl.screen().includes('> run the long thing'));
    repl.write('\r');
    await waitFor('the command to start', () => hasPid(bashPid));
    const group = pidIn(bashPid);
    expect(isProcessGroupRunning(group)).toBe(true);
    // Its own process group: the terminal's hang-up never reaches it, only Pulse can end it.
    repl.kill('SIGHUP');
    await waitFor('Pulse to exit', () => repl.exited());
    expect(repl.exitCode()).toBe(129);
    await goneWithin('the command', () => isProcessGroupRunning(group));
  }, 60_000);
});
