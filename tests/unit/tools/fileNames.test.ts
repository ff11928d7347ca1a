import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { displayFileName } from '../../../src/tools/shared/fileNames.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value) : Buffer.from([value]))));

describe('displayFileName', () => {
  it.each([
    ['plain ASCII', bytes('src/index.ts'), 'src/index.ts'],
    ['a backslash in a printable name', bytes('back\\slash.txt'), 'back\\slash.txt'],
    ['multi-byte UTF-8 (CJK, an emoji)', bytes('文件-😀.md'), '文件-😀.md'],
    ['a real U+FFFD, which is valid UTF-8', bytes('\uFFFD.txt'), '\uFFFD.txt'],
    ['a lone invalid byte', bytes('bad', 0xff, '.txt'), 'bad\\xff.txt'],
    ['an overlong form', bytes('x', 0xc0, 0xaf), 'x\\xc0\\xaf'],
    ['a UTF-16 surrogate', bytes(0xed, 0xa0, 0x80, 'y'), '\\xed\\xa0\\x80y'],
    ['a sequence cut off at the end', bytes('z', 0xe2, 0x82), 'z\\xe2\\x82'],
    ['a code point past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), '\\xf4\\x90\\x80\\x80'],
    ['Latin-1 text (a name from an old archive)', bytes('caf', 0xe9), 'caf\\xe9'],
    ['control characters', bytes('a\nb\x1bc\x7f'), 'a\\x0ab\\x1bc\\x7f'],
    ['a backslash in a name that needs escaping', bytes('a\\b', 0xfe), 'a\\\\b\\xfe'],
    ["a single quote in a name that needs escaping", bytes("it's", 0xfe), "it\\'s\\xfe"],
  ])('%s', (_, name, shown) => {
    expect(displayFileName(name)).toBe(shown);
  });

  it("reads back as the same bytes through Bash's $'…' quoting", () => {
    const name = bytes("dir/a\\b'", 0xfe, ' c\n', 0xc3, 0xa9);
    const shown = displayFileName(name);
    const echoed = execFileSync('bash', ['-c', `printf '%s' $'${shown}'`]);
    expect(Buffer.compare(echoed, name)).toBe(0);
  });
});
