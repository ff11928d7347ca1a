import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BoundedOutput } from '../../../src/tools/bash/boundedOutput.js';
import { effectiveTimeoutMs, readBashLimits } from '../../../src/tools/bash/limits.js';
import { startShellCommand } from '../../../src/tools/bash/runShellCommand.js';
import { pickShell, quoteForShell, wrapCommand } from '../../../src/tools/bash/shell.js';
import { isInsideAny, settleFinalDirectory } from '../../../src/tools/bash/workingDirectory.js';

describe('BoundedOutput', () => {
  it('returns everything untouched while under the limit', () => {
    const output = new BoundedOutput(100);
    output.append('a\n');
    output.append('b\n');
    expect(output.render()).toEqual({ text: 'a\nb\n', truncated: false, omittedChars: 0, omittedLines: 0 });
  });

  it('holds a bounded amount however much is appended, and accounts for every cut line', () => {
    const limit = 30_000;
    const output = new BoundedOutput(limit);
    let totalLines = 0;
    for (let chunk = 0; chunk < 2_000; chunk += 1) {
      const lines = Array.from({ length: 100 }, (_, index) => `line ${chunk * 100 + index}`);
      totalLines += lines.length;
      output.append(`${lines.join('\n')}\n`);
      expect(output.retainedChars).toBeLessThanOrEqual(limit + 3 * 2_000);
    }
    expect(output.length).toBeGreaterThan(2_000_000);

    const rendered = output.render();
    expect(rendered.truncated).toBe(true);
    expect(rendered.text.length).toBeLessThanOrEqual(limit + 120);
    expect(rendered.text.startsWith('line 0\nline 1\n')).toBe(true);
    expect(rendered.text.endsWith('line 199999\n')).toBe(true);
    const shown = rendered.text.split('\n').filter((line) => line.startsWith('line ')).length;
    expect(shown + rendered.omittedLines).toBe(totalLines);
    expect(output.lineCount).toBe(totalLines);
    expect(rendered.text).toContain(`... [${rendered.omittedLines} lines (${rendered.omittedChars} characters) cut`);
  });

  it('handles one huge chunk without a newline', () => {
    const output = new BoundedOutput(1_000);
    output.append('x'.repeat(1_000_000));
    const rendered = output.render();
    expect(rendered.omittedChars).toBe(1_000_000 - (rendered.text.match(/x/g)?.length ?? 0));
    expect(output.retainedChars).toBeLessThanOrEqual(1_000 + 500);
    expect(output.lineCount).toBe(1);
  });

  it('counts a last line printed without its newline', () => {
    const output = new BoundedOutput(10);
    expect(output.lineCount).toBe(0);
    output.append('one\ntwo\nthr');
    output.append('ee');
    expect(output.lineCount).toBe(3);
    output.append('\n');
    expect(output.lineCount).toBe(3);
  });

  it('gives the last lines for progress', () => {
    const output = new BoundedOutput(50);
    for (let index = 1; index <= 40; index += 1) output.append(`${index}\n`);
    expect(output.lastLines(3)).toBe('38\n39\n40');
  });
});

describe('limits', () => {
  it('uses the defaults and clamps a requested timeout to the maximum', () => {
    const limits = readBashLimits({});
    expect(limits).toEqual({ defaultTimeoutMs: 120_000, maxTimeoutMs: 600_000, maxOutputLength: 30_000 });
    expect(effectiveTimeoutMs(undefined, limits)).toBe(120_000);
    expect(effectiveTimeoutMs(5_000, limits)).toBe(5_000);
    expect(effectiveTimeoutMs(9_000_000, limits)).toBe(600_000);
  });

  it('reads overrides from the environment, ignores junk and caps output at 150000', () => {
    expect(
      readBashLimits({
        PULSE_BASH_DEFAULT_TIMEOUT_MS: '1000',
        PULSE_BASH_MAX_TIMEOUT_MS: '2000',
        PULSE_BASH_MAX_OUTPUT_LENGTH: '999999',
      }),
    ).toEqual({ defaultTimeoutMs: 1_000, maxTimeoutMs: 2_000, maxOutputLength: 150_000 });
    expect(readBashLimits({ PULSE_BASH_DEFAULT_TIMEOUT_MS: 'soon', PULSE_BASH_MAX_OUTPUT_LENGTH: '-5' })).toEqual(
      readBashLimits({}),
    );
    expect(readBashLimits({ PULSE_BASH_DEFAULT_TIMEOUT_MS: '900000' }).maxTimeoutMs).toBe(900_000);
  });
});

describe('shell wrapper', () => {
  it('quotes single quotes safely', () => {
    const quoted = quoteForShell(`it's a "dir" $HOME`);
    expect(execFileSync('/bin/sh', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' })).toBe(`it's a "dir" $HOME`);
  });

  it('writes the final directory and keeps the exit status', () => {
    const cwdFile = `${tmpdir()}/pulse-wrap-${process.pid}`;
    let status = 0;
    try {
      execFileSync('/bin/bash', ['-c', wrapCommand('cd / ; exit 5', cwdFile)]);
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(5);
    expect(readFileSync(cwdFile, 'utf8')).toBe('/\n');
    rmSync(cwdFile, { force: true });
  });

  it('prefers bash or zsh from $SHELL and otherwise falls back', async () => {
    expect(await pickShell({ SHELL: '/bin/bash' })).toBe('/bin/bash');
    expect(await pickShell({ SHELL: '/usr/bin/fish' })).toMatch(/\/(bash|sh)$/);
    expect(await pickShell({ SHELL: '/no/such/zsh' })).toMatch(/\/(bash|sh)$/);
  });
});

describe('working directory rules', () => {
  it('knows inside from outside', () => {
    expect(isInsideAny('/work/app', ['/work/app'])).toBe(true);
    expect(isInsideAny('/work/app/src', ['/other', '/work/app'])).toBe(true);
    expect(isInsideAny('/work/apple', ['/work/app'])).toBe(false);
    expect(isInsideAny('/work', ['/work/app'])).toBe(false);
    expect(isInsideAny('/work/app/..data', ['/work/app'])).toBe(true);
  });

  it('keeps the current directory when the shell reported nothing or a vanished one', async () => {
    expect(await settleFinalDirectory(undefined, '/tmp', ['/tmp'])).toEqual({ cwd: '/tmp' });
    expect(await settleFinalDirectory('/no/such/dir', '/tmp', ['/'])).toEqual({ cwd: '/tmp' });
  });
});

describe('startShellCommand', () => {
  it('rejects with a clear message when the shell cannot start', async () => {
    const run = startShellCommand({
      shell: '/bin/sh',
      command: 'echo never',
      cwd: '/no/such/directory/for/pulse',
      env: process.env,
      timeoutMs: 5_000,
      abortSignal: new AbortController().signal,
      maxOutputLength: 1_000,
    });
    await expect(run.done).rejects.toThrow(/^Could not start \/bin\/sh/);
  });
});
