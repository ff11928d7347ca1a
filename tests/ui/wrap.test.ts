// The answer's own word wrap: widths as a terminal draws them, indents kept, styles per row.
import { describe, expect, it } from 'vitest';
import { ansi, stripAnsi, visibleWidth } from '../../src/ui/markdown/ansi.js';
import { wrapRendered } from '../../src/ui/markdown/wrap.js';

describe('wrapRendered', () => {
  it('measures styled text by what shows, so bold and code do not overflow', () => {
    const line = `a ${ansi.bold('retry loop')} with ${ansi.cyan('jitter')} added so that many clients wait`;
    const rows = wrapRendered(line, 20);
    for (const row of rows) expect(visibleWidth(row)).toBeLessThanOrEqual(20);
    expect(rows.map(stripAnsi).join(' ')).toBe(stripAnsi(line));
  });

  it('counts CJK and emoji as two columns', () => {
    const rows = wrapRendered('東京 大阪 名古屋 🚀 launch', 10);
    for (const row of rows) expect(visibleWidth(row)).toBeLessThanOrEqual(10);
    expect(rows).toEqual(['東京 大阪', '名古屋 🚀', 'launch']);
  });

  it('continues a list item under its text, not under its bullet', () => {
    expect(wrapRendered('  • one two three four five', 14)).toEqual(['  • one two', '    three four', '    five']);
    expect(wrapRendered('12. one two three', 10)).toEqual(['12. one', '    two', '    three']);
  });

  it('closes styles at the end of a row and reopens them on the next', () => {
    const rows = wrapRendered(ansi.bold('one two three'), 8);
    expect(rows).toEqual(['\u001B[1mone two\u001B[0m', '\u001B[1mthree\u001B[22m']);
  });

  it('repeats a quote\'s bar on its wrapped rows', () => {
    const rows = wrapRendered(`${ansi.dim('│ ')}${ansi.italic('a quoted line that wraps')}`, 12);
    expect(rows.map(stripAnsi)).toEqual(['│ a quoted', '│ line that', '│ wraps']);
    expect(rows[1]).toContain('\u001B[3m');
    expect(wrapRendered('  │ │ nested quote text', 12).map(stripAnsi)).toEqual(['  │ │ nested', '  │ │ quote', '  │ │ text']);
  });

  it('continues indented code under its own indentation', () => {
    expect(wrapRendered('      return first + second', 16)).toEqual(['      return', '      first +', '      second']);
  });

  it('breaks only where a space was, not between a styled word and the punctuation after it', () => {
    const line = `a paragraph with ${ansi.cyan('inline code')}, and ${ansi.bold('bold')}. words`;
    const rows = wrapRendered(line, 19).map(stripAnsi);
    expect(rows).toEqual(['a paragraph with', 'inline code, and', 'bold. words']);
    expect(wrapRendered(`see ${ansi.cyan('x')}${ansi.bold('yz')}!`, 5).map(stripAnsi)).toEqual(['see', 'xyz!']);
  });

  it('splits a word longer than the row', () => {
    expect(wrapRendered('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
