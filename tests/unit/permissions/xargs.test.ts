// xargs's command line as GNU xargs 4.9 reads it (checked by running it: `xargs -i echo {}` runs
// echo, `xargs -l1 rm` runs rm, `xargs -0a list echo` reads list).
import { describe, expect, it } from 'vitest';
import { parseXargs } from '../../../src/permissions/bash/xargs.js';

const words = (line: string) => line.split(' ').map((text) => ({ text, exact: true, splits: false, glob: false }));
const parsed = (line: string) => {
  const { options, command, argFiles } = parseXargs(words(line));
  return { options: options.map((option) => `${option.name}${option.value ? `=${option.value.text}` : ''}`), command: command.map((word) => word.text), argFiles: argFiles.map((word) => word.text) };
};

describe('parseXargs', () => {
  it.each([
    ['-a list echo', ['arg-file=list'], ['echo'], ['list']],
    ['-alist echo', ['arg-file=list'], ['echo'], ['list']],
    ['-0a list echo hi', ['null', 'arg-file=list'], ['echo', 'hi'], ['list']],
    ['--arg-file=list echo', ['arg-file=list'], ['echo'], ['list']],
    ['--arg-file list echo', ['arg-file=list'], ['echo'], ['list']],
    ['--arg=list echo', ['arg-file=list'], ['echo'], ['list']],
    ['-i rm {}', ['replace'], ['rm', '{}'], []],
    ['-I {} rm {}', ['replace={}'], ['rm', '{}'], []],
    ['-l1 rm', ['max-lines=1'], ['rm'], []],
    ['-n 2 -P4 echo', ['max-args=2', 'max-procs=4'], ['echo'], []],
    ['-e rm', ['eof'], ['rm'], []],
    ['-- -a x', [], ['-a', 'x'], []],
    ['-a list', ['arg-file=list'], [], ['list']],
  ])('xargs %s', (line, options, command, argFiles) => {
    expect(parsed(line)).toEqual({ options, command, argFiles });
  });
});
