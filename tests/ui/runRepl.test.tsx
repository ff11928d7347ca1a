import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Terminal } from '../../src/query/state.js';
import type { LoopEvent } from '../../src/types/messages.js';
import type { PermissionMode } from '../../src/types/permissions.js';
import { runRepl } from '../../src/ui/main.js';
import type { ReplOptions } from '../../src/ui/types.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, waitFor } from './helpers.js';

/** A terminal stand-in: records what Ink writes and feeds it keys (the ink-testing-library way). */
class FakeStdout extends EventEmitter {
  readonly columns = 100;
  readonly rows = 40;
  readonly isTTY = true;
  output = '';
  write = (chunk: string): boolean => {
    this.output += chunk;
    return true;
  };
}

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private pending: string | null = null;
  rawModeOn = false;
  press(data: string): void {
    this.pending = data;
    this.emit('readable');
  }
  read = (): string | null => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  setRawMode(on: boolean): void {
    this.rawModeOn = on;
  }
  setEncoding(): void {}
  ref(): void {}
  unref(): void {}
  resume(): void {}
  pause(): void {}
}

function startRepl() {
  const stdin = new FakeStdin();
  const stdout = new FakeStdout();
  const modes: PermissionMode[] = [];
  const options: ReplOptions = {
    tools: [],
    buildSystemPrompt: async () => [],
    context: makeToolContext(process.cwd()),
    setPermissionMode: (mode) => modes.push(mode),
    model: 'claude-test-1',
    cwd: '/work/project',
    sessionId: '0b7c5f0e-1111-4222-8333-444455556666',
    version: '9.9.9',
    query: async function* (): AsyncGenerator<LoopEvent, Terminal> {
      return { reason: 'completed' };
    },
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
  };
  return { stdin, stdout, exitCode: runRepl(options) };
}

describe('runRepl', () => {
  it('shows the welcome banner and exits on Ctrl+D with the resume hint', async () => {
    const { stdin, stdout, exitCode } = startRepl();
    await waitFor(() => stdin.rawModeOn && plain(stdout.output).includes('Pulse v9.9.9'));
    expect(plain(stdout.output)).toContain('claude-test-1');
    expect(plain(stdout.output)).toContain('/work/project');
    stdin.press(KEYS.ctrlD);
    await expect(exitCode).resolves.toBe(0);
    expect(stdout.output).toContain('pulse --resume 0b7c5f0e-1111-4222-8333-444455556666');
  });

  it('exits on a second Ctrl+C', async () => {
    const { stdin, stdout, exitCode } = startRepl();
    await waitFor(() => stdin.rawModeOn);
    stdin.press(KEYS.ctrlC);
    await waitFor(() => plain(stdout.output).includes('Press Ctrl+C again to exit'));
    stdin.press(KEYS.ctrlC);
    await expect(exitCode).resolves.toBe(0);
    expect(stdout.output).toContain('Resume it with: pulse --resume');
  });
});
