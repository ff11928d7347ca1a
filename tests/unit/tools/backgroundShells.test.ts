// Background shells: Bash starts one and returns its id, TaskOutput reads only what is new,
// TaskStop ends the whole process group, stopAll ends whatever is left.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import type { BackgroundShell } from '../../../src/tools/bash/backgroundShell.js';
import { backgroundShells } from '../../../src/tools/bash/backgroundShells.js';
import { TaskOutputTool } from '../../../src/tools/taskOutput/TaskOutputTool.js';
import { TaskStopTool } from '../../../src/tools/taskStop/TaskStopTool.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';
import { isProcessRunning } from '../../support/processes.js';

let root: string;
let ctx: ToolUseContext;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bg-')));
  backgroundShells.setOutputDir(() => join(root, 'session', 'tasks'));
  ctx = makeToolContext(root);
});

afterEach(async () => {
  await backgroundShells.stopAll();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Resolves when the shell's state satisfies `ready`, re-checking on every change it reports. */
function until(shell: BackgroundShell, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const stop = shell.onChange(() => {
      if (!ready()) return;
      stop();
      resolve();
    });
  });
}


/** Waits for a process to be gone: signal delivery and reaping are not instantaneous. */
async function gone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (!isProcessRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function startInBackground(command: string): Promise<BackgroundShell> {
  const started = await runTool(BashTool, { command, run_in_background: true }, ctx);
  expect(started.error).toBeUndefined();
  const id = started.data?.backgroundTaskId ?? '';
  const result = BashTool.toResultBlock(started.data as never, 'toolu_1');
  expect(result.content).toContain(`Started in the background with id ${id}`);
  const shell = backgroundShells.get(id);
  if (!shell) throw new Error(`no shell ${id}`);
  return shell;
}

describe('background shells', () => {
  it('reads output as it arrives, only what is new, and stops the whole process group', async () => {
    // The child's pid is zero-padded so the whole expected output has a known length to wait for.
    const shell = await startInBackground('sleep 30 & printf "child:%010d\\n" $!; for i in 1 2 3; do echo $i; done; sleep 30');
    expect(shell.isRunning).toBe(true);
    await until(shell, () => shell.unreadLength >= 'child:0000000000\n1\n2\n3\n'.length);

    const first = await runTool(TaskOutputTool, { task_id: shell.id, block: false }, ctx);
    expect(first.data?.status).toBe('running');
    const lines = first.data?.output.trimEnd().split('\n') ?? [];
    expect(lines.slice(1)).toEqual(['1', '2', '3']);
    const childPid = Number(/^child:(\d+)$/.exec(lines[0] ?? '')?.[1]);
    expect(isProcessRunning(childPid)).toBe(true);
    expect(TaskOutputTool.toResultBlock(first.data as never, 'toolu_2').content).toContain(`Task ${shell.id}: running`);

    const second = await runTool(TaskOutputTool, { task_id: shell.id, block: false }, ctx);
    expect(second.data?.output).toBe('');
    expect(TaskOutputTool.toResultBlock(second.data as never, 'toolu_3').content).toContain('No new output');

    const stopped = await runTool(TaskStopTool, { task_id: shell.id }, ctx);
    expect(stopped.data).toMatchObject({ stopped: true, status: 'killed' });
    expect(shell.isRunning).toBe(false);
    expect(await gone(childPid)).toBe(true);

    const after = await runTool(TaskOutputTool, { task_id: shell.id }, ctx);
    expect(after.data?.status).toBe('killed');
    expect(await readFile(shell.outputPath, 'utf8')).toMatch(/child:\d+\n1\n2\n3\n/);
    expect(shell.outputPath.startsWith(join(root, 'session', 'tasks'))).toBe(true);
  });

  it('blocks until a shell finishes and reports its exit code', async () => {
    const shell = await startInBackground('echo done; exit 3');
    const read = await runTool(TaskOutputTool, { task_id: shell.id, timeout: 10_000 }, ctx);
    expect(read.data).toMatchObject({ status: 'failed', exitCode: 3, output: 'done\n', waitTimedOut: false });
    const stop = await runTool(TaskStopTool, { shell_id: shell.id }, ctx);
    expect(stop.data).toMatchObject({ stopped: false, status: 'failed' });
  });

  it('ends every running shell with stopAll', async () => {
    const shells = [await startInBackground('sleep 30'), await startInBackground('sleep 30')];
    await backgroundShells.stopAll();
    expect(shells.map((shell) => shell.status)).toEqual(['killed', 'killed']);
    expect(backgroundShells.running()).toEqual([]);
  });

  it('refuses ids it does not know, by both names', async () => {
    const read = await runTool(TaskOutputTool, { task_id: 'bash_nope' }, ctx);
    expect(read.error).toMatch(/No background task with id "bash_nope"/);
    const stop = await runTool(TaskStopTool, { task_id: 'bash_nope' }, ctx);
    expect(stop.error).toMatch(/No background task/);
    expect(TaskOutputTool.aliases).toContain('BashOutput');
    expect(TaskStopTool.aliases).toContain('KillShell');
  });
});
