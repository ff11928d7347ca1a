import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import { backgroundShells } from '../../../src/tools/bash/backgroundShells.js';
import type { BashInput, BashOutput, BashProgress } from '../../../src/tools/bash/schema.js';
import type { AnyTool, ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';
import { isProcessRunning } from '../../support/processes.js';

let root: string;
let ctx: ToolUseContext;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-bash-')));
  ctx = makeToolContext(root);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

async function run(input: BashInput, context = ctx): Promise<BashOutput> {
  const outcome = await runTool(BashTool, input, context);
  if (outcome.error !== undefined) throw new Error(outcome.error);
  return outcome.data;
}

async function waitForPid(file: string): Promise<number> {
  return vi.waitFor(
    async () => {
      const text = (await readFile(file, 'utf8')).trim();
      if (!/^\d+$/.test(text)) throw new Error('pid not written yet');
      return Number(text);
    },
    { timeout: 5_000, interval: 20 },
  );
}

describe('BashTool running commands', () => {
  it('returns what the command printed and exit code 0', async () => {
    const output = await run({ command: 'echo hello' });
    expect(output.stdout).toBe('hello\n');
    expect(output.exitCode).toBe(0);
    const block = BashTool.toResultBlock(output, 'tu_1');
    // Successful Bash results say is_error: false, as the reference's do.
    expect(block).toEqual({ type: 'tool_result', tool_use_id: 'tu_1', content: 'hello', is_error: false });
    expect(BashTool.summarizeResult(output)).toBe('exit 0: hello');
    expect(BashTool.sdkResult(output)).toEqual({ stdout: 'hello', stderr: '', interrupted: false, isImage: false, noOutputExpected: false });
  });

  it('marks a non-zero exit as an error and states the code', async () => {
    const output = await run({ command: 'echo oops; exit 3' });
    expect(output.exitCode).toBe(3);
    const block = BashTool.toResultBlock(output, 'tu_2');
    expect(block.is_error).toBe(true);
    expect(block.content).toBe('Exit code 3\noops');
  });

  it('keeps stderr on its own and interleaved with stdout', async () => {
    const output = await run({ command: 'echo out; echo err >&2; echo more' });
    expect(output.stderr).toBe('err\n');
    expect(output.stdout).toContain('out\n');
    expect(output.stdout).toContain('err\n');
    expect(output.stdout).toContain('more\n');
  });

  it('reports a syntax error as a failed command', async () => {
    const output = await run({ command: 'echo before\nif then fi' });
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toMatch(/syntax error/);
  });

  it('says "(no output)" when nothing was printed', async () => {
    const output = await run({ command: 'true' });
    expect(BashTool.toResultBlock(output, 'tu').content).toBe('(no output)');
    expect(BashTool.summarizeResult(output)).toBe('exit 0 (no output)');
  });

  it('passes the session env, PULSE=1 and runs in the cwd with stdin closed', async () => {
    const context = makeToolContext(root, {
      options: { model: 'test', isNonInteractive: true, verbose: false, env: { PULSE_TEST_VALUE: 'from settings' } },
    });
    const output = await run({ command: 'echo "$PULSE_TEST_VALUE|$PULSE|$(pwd -P)"; cat; echo end' }, context);
    expect(output.stdout).toBe(`from settings|1|${root}\nend\n`);
  });

  it('starts run_in_background commands as background shells and returns their id at once', async () => {
    const outcome = await runTool(BashTool, { command: 'sleep 30', run_in_background: true }, ctx);
    const id = outcome.data?.backgroundTaskId;
    expect(id).toMatch(/^bash_/);
    const shell = backgroundShells.get(id ?? '');
    expect(shell?.isRunning).toBe(true);
    await shell?.kill();
    expect(shell?.status).toBe('killed');
  });
});

describe('BashTool working directory', () => {
  it('carries `cd` over to the next call', async () => {
    await mkdir(path.join(root, 'sub'));
    await run({ command: 'cd sub' });
    expect(ctx.getCwd()).toBe(path.join(root, 'sub'));
    const output = await run({ command: 'pwd' });
    expect(output.stdout).toBe(`${path.join(root, 'sub')}\n`);
  });

  it('learns the new directory even when the command exits early with a failure', async () => {
    await mkdir(path.join(root, 'deeper'));
    const output = await run({ command: 'cd deeper && exit 4; echo unreachable' });
    expect(output.exitCode).toBe(4);
    expect(output.stdout).toBe('');
    expect(ctx.getCwd()).toBe(path.join(root, 'deeper'));
  });

  it('resets to the first working directory when the shell leaves them, with a note', async () => {
    const output = await run({ command: 'cd / && echo moved' });
    expect(ctx.getCwd()).toBe(root);
    expect(output.cwdNote).toBe(`Shell cwd was reset to ${root}`);
    const block = BashTool.toResultBlock(output, 'tu');
    expect(block.content).toBe(`moved\nShell cwd was reset to ${root}`);
    expect(block.is_error).toBe(false);
  });

  it('starts in the first working directory when the current one was deleted', async () => {
    const doomed = path.join(root, 'doomed');
    await mkdir(doomed);
    await run({ command: 'cd doomed' });
    await rm(doomed, { recursive: true });
    const output = await run({ command: 'pwd' });
    expect(output.stdout).toBe(`${root}\n`);
    expect(output.cwdNote).toBe(`The shell's working directory ${doomed} no longer exists, so commands now run in ${root}.`);
    expect(ctx.getCwd()).toBe(root);
    expect(BashTool.toResultBlock(output, 'tu').content).toBe(`${root}\n${output.cwdNote}`);
  });

  it('moves to HOME when the whole project folder was deleted, tells the model, and keeps working', async () => {
    const home = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-bash-home-')));
    const savedHome = process.env.HOME;
    process.env.HOME = home;
    try {
      await run({ command: `rm -rf ${root}` });
      const output = await run({ command: 'pwd && echo still here' });
      expect(output.stdout).toBe(`${home}\nstill here\n`);
      expect(output.cwdNote).toBe(`The shell's working directory ${root} no longer exists, so commands now run in ${home}.`);
      expect(ctx.getCwd()).toBe(home);
      const next = await run({ command: 'pwd' });
      expect(next.stdout).toBe(`${home}\n`);
      expect(next.cwdNote).toBeUndefined();
    } finally {
      if (savedHome === undefined) delete process.env.HOME;
      else process.env.HOME = savedHome;
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('BashTool stopping commands', () => {
  it('kills a command at its timeout and says so', async () => {
    const started = Date.now();
    const output = await run({ command: 'sleep 30', timeout: 300 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(output.timedOut).toBe(true);
    const block = BashTool.toResultBlock(output, 'tu');
    expect(block.is_error).toBe(true);
    expect(block.content).toMatch(/^Command timed out after 300 ms and was stopped\./);
    expect(BashTool.summarizeResult(output)).toBe('timed out (no output)');
  });

  it('kills the whole process group, grandchildren included, on abort', async () => {
    const controller = new AbortController();
    const context = makeToolContext(root, { abortSignal: controller.signal });
    const pidFile = path.join(root, 'grandchild.pid');
    const pending = run({ command: `sleep 30 & echo $! > grandchild.pid; bash -c "sleep 30"` }, context);
    const grandchild = await waitForPid(pidFile);
    expect(isProcessRunning(grandchild)).toBe(true);

    const abortedAt = Date.now();
    controller.abort();
    const output = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    expect(output.interrupted).toBe(true);
    await vi.waitFor(() => expect(isProcessRunning(grandchild)).toBe(false), { timeout: 1_000, interval: 20 });
    const block = BashTool.toResultBlock(output, 'tu');
    expect(block.is_error).toBe(true);
    // bash may or may not get to print "Terminated" for its child before it dies itself.
    expect(block.content).toMatch(/^Command was interrupted and stopped\./);
  });

  it('escalates to SIGKILL for processes that ignore SIGTERM', async () => {
    const started = Date.now();
    const output = await run({ command: `trap '' TERM; echo ready; while :; do sleep 0.05; done`, timeout: 200 });
    expect(output.timedOut).toBe(true);
    expect(output.stdout).toBe('ready\n');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops background processes the command leaves behind and says so', async () => {
    const started = Date.now();
    const output = await run({ command: 'sleep 30 & echo $! > stray.pid; echo started' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(output.stdout).toBe('started\n');
    expect(output.exitCode).toBe(0);
    expect(output.strayProcessesStopped).toBe(true);
    const stray = Number((await readFile(path.join(root, 'stray.pid'), 'utf8')).trim());
    await vi.waitFor(() => expect(isProcessRunning(stray)).toBe(false), { timeout: 1_000, interval: 20 });
    expect(BashTool.toResultBlock(output, 'tu').content).toMatch(/left running in the background were stopped/);
  });

  it('kills the command when the caller abandons the generator', async () => {
    const generator = BashTool.call({ command: 'echo $$ > shell.pid; sleep 30' }, ctx);
    const first = await generator.next();
    expect(first.done).toBe(false);
    const shellPid = await waitForPid(path.join(root, 'shell.pid'));
    await generator.return(undefined as never);
    await vi.waitFor(() => expect(isProcessRunning(shellPid)).toBe(false), { timeout: 1_500, interval: 20 });
  });
});

describe('BashTool progress and output size', () => {
  it('reports the latest lines while the command runs, then finishes', async () => {
    const generator = BashTool.call(
      { command: 'echo first; echo second; while [ ! -f go ]; do sleep 0.02; done; echo finished' },
      ctx,
    );
    let step = await generator.next();
    while (!step.done && !(step.value.data as BashProgress).output.includes('second')) step = await generator.next();
    expect(step.done).toBe(false);
    const progress = step.value.data as BashProgress;
    expect(progress.type).toBe('bash_progress');
    expect(progress.output).toBe('first\nsecond');
    expect(progress.elapsedMs).toBeGreaterThan(0);

    await writeFile(path.join(root, 'go'), '');
    do step = await generator.next();
    while (!step.done);
    expect(step.value.data.stdout).toBe('first\nsecond\nfinished\n');
  });

  it('cuts the middle of long output, keeps head and tail and states the cut', async () => {
    const output = await run({ command: 'seq 1 200000' });
    expect(output.truncated).toBe(true);
    expect(output.stdout.length).toBeLessThanOrEqual(30_000 + 200);
    expect(output.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(output.stdout.endsWith('199999\n200000\n')).toBe(true);
    const marker = /\.\.\. \[(\d+) lines \((\d+) characters\) cut from the middle of the output\] \.\.\./.exec(output.stdout);
    expect(marker).not.toBeNull();
    const shownLines = output.stdout.replace(marker![0], '').split('\n').filter((line) => /^\d+$/.test(line)).length;
    expect(shownLines + Number(marker![1])).toBe(200000);
  });

  it('stays bounded while a command floods output until its timeout', async () => {
    const output = await run({ command: 'echo begin; yes flood', timeout: 500 });
    expect(output.timedOut).toBe(true);
    expect(output.truncated).toBe(true);
    expect(output.stdout.startsWith('begin\nflood\n')).toBe(true);
    expect(output.stdout.length).toBeLessThanOrEqual(30_000 + 200);
    expect(output.stdout.endsWith('flood\n')).toBe(true);
  });

  it('honours PULSE_BASH_MAX_OUTPUT_LENGTH', async () => {
    vi.stubEnv('PULSE_BASH_MAX_OUTPUT_LENGTH', '1000');
    const output = await run({ command: 'seq 1 5000' });
    expect(output.truncated).toBe(true);
    expect(output.stdout.length).toBeLessThan(1_200);
    expect(output.stdout.endsWith('5000\n')).toBe(true);
  });
});

describe('BashTool classification and display', () => {
  it('is read-only and concurrency-safe only for read-only commands', () => {
    expect(BashTool.isReadOnly({ command: 'ls -la' })).toBe(true);
    expect(BashTool.isConcurrencySafe({ command: 'ls -la' })).toBe(true);
    expect(BashTool.isReadOnly({ command: 'rm -rf build' })).toBe(false);
    expect(BashTool.isConcurrencySafe({ command: 'echo hi > out.txt' })).toBe(false);
  });

  it('leaves the permission decision to the engine', async () => {
    const asTool: AnyTool = BashTool;
    await expect(asTool.checkPermissions({ command: 'rm -rf /' }, ctx)).resolves.toEqual({ behavior: 'passthrough' });
  });

  it('describes a call by the first line of its command, clipped', () => {
    expect(BashTool.describeUse({ command: 'npm test\necho done' })).toBe('npm test');
    const long = `echo ${'x'.repeat(200)}`;
    expect(BashTool.describeUse({ command: long })).toHaveLength(80);
    expect(BashTool.userFacingName()).toBe('Bash');
  });

  it('tells the model about limits and the dedicated tools', () => {
    const prompt = BashTool.prompt();
    expect(prompt).toContain('120000 ms');
    expect(prompt).toContain('600000 ms');
    expect(prompt).toMatch(/Read files with Read/);
    expect(prompt).toMatch(/never push with --force/i);
  });
});
