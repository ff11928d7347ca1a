// Which non-zero exit statuses are a command's answer rather than a failure. Each case names the
// manual that documents the status.
import { describe, expect, it } from 'vitest';
import { exitCodeAnswer } from '../../../src/tools/bash/exitCodes.js';

type Case = { command: string; exitCode: number; answer: string | undefined; source: string };

const CASES: Case[] = [
  { command: 'grep -rn TODO src', exitCode: 1, answer: 'no matches', source: 'grep(1): "exit status is 0 if a line is selected, 1 if no lines were selected"' },
  { command: 'grep -rn TODO src', exitCode: 2, answer: undefined, source: 'grep(1): "2 if an error occurred"' },
  { command: 'rg needle', exitCode: 1, answer: 'no matches', source: 'rg(1) EXIT STATUS: 1 if no match was found' },
  { command: 'rg needle', exitCode: 2, answer: undefined, source: 'rg(1) EXIT STATUS: 2 if an error occurred' },
  { command: 'diff -u a.txt b.txt', exitCode: 1, answer: 'the inputs differ', source: 'diff(1): "Exit status is 0 if inputs are the same, 1 if different, 2 if trouble"' },
  { command: 'diff -u a.txt missing.txt', exitCode: 2, answer: undefined, source: 'diff(1): 2 if trouble' },
  { command: 'cmp a.bin b.bin', exitCode: 1, answer: 'the files differ', source: 'cmp(1): 1 if the inputs differ' },
  { command: 'test -f build/out.js', exitCode: 1, answer: 'the condition is false', source: 'test(1): exits 1 if the expression is false' },
  { command: '[ -d node_modules ]', exitCode: 1, answer: 'the condition is false', source: 'bash(1) test / [ builtin' },
  { command: '[[ -n "$X" ]]', exitCode: 1, answer: 'the condition is false', source: 'bash(1) [[ expression ]] returns 1 when false' },
  { command: 'find / -name x.conf', exitCode: 1, answer: 'some paths could not be read', source: 'find(1): non-zero when errors occurred, e.g. unreadable directories' },
  // The status of a pipeline or list is its last command's.
  { command: 'cat log.txt | grep ERROR', exitCode: 1, answer: 'no matches', source: 'bash(1) Pipelines: the status is that of the last command' },
  { command: 'grep ERROR log.txt | wc -l', exitCode: 1, answer: undefined, source: 'bash(1) Pipelines: wc is the last command' },
  { command: 'cd src && grep -n main index.ts', exitCode: 1, answer: 'no matches', source: 'bash(1) Lists: the status of the last command executed' },
  { command: 'timeout 10 grep -r x .', exitCode: 1, answer: 'no matches', source: 'timeout(1): the command\'s own status when it does not time out' },
  { command: '/usr/bin/diff a b', exitCode: 1, answer: 'the inputs differ', source: 'diff(1), by path' },
  // Negation turns the status around: not judged.
  { command: '! grep -q secret config.yml', exitCode: 1, answer: undefined, source: 'bash(1) Pipelines: ! negates the status' },
  // Everything else keeps the plain rule.
  { command: 'npm test', exitCode: 1, answer: undefined, source: 'npm: 1 = tests failed' },
  { command: 'false', exitCode: 1, answer: undefined, source: 'false(1)' },
  { command: 'ls missing', exitCode: 2, answer: undefined, source: 'ls(1): 2 if serious trouble' },
  { command: 'grep x f', exitCode: 0, answer: undefined, source: 'success is no answer to explain' },
];

describe('exitCodeAnswer', () => {
  it.each(CASES)('$command exit $exitCode -> $answer ($source)', ({ command, exitCode, answer }) => {
    expect(exitCodeAnswer(command, exitCode)).toBe(answer);
  });
});
