import { describe, expect, it } from 'vitest';
import { stripAnsi, visibleWidth } from '../../src/ui/markdown/ansi.js';
import { MarkdownLineStream, renderAnswer } from '../../src/ui/markdown/lineStream.js';
import { renderMarkdown } from '../../src/ui/markdown/renderMarkdown.js';

const BOLD = '\u001B[1m';
const UNDERLINE = '\u001B[4m';
const ITALIC = '\u001B[3m';
const plainLines = (lines: string[]): string[] => lines.map(stripAnsi);

describe('renderMarkdown', () => {
  it('draws headings without hashes, bold, the top level underlined', () => {
    const lines = renderMarkdown('# Title\n\n## Section');
    expect(plainLines(lines)).toEqual(['Title', '', 'Section']);
    expect(lines[0]).toContain(BOLD);
    expect(lines[0]).toContain(UNDERLINE);
    expect(lines[2]).toContain(BOLD);
    expect(lines[2]).not.toContain(UNDERLINE);
  });

  it('styles emphasis, code spans and links, and decodes entities', () => {
    const [line = ''] = renderMarkdown('Use *care* with `rm` & see [docs](https://x.dev) or https://y.dev');
    expect(stripAnsi(line)).toBe('Use care with rm & see docs (https://x.dev) or https://y.dev');
    expect(line).toContain(`${ITALIC}care`);
    expect(line).toContain('\u001B[36mrm');
  });

  it('renders a fenced code block without its fences, indented', () => {
    const lines = renderMarkdown('```ts\nconst answer = 42;\nreturn answer;\n```');
    expect(plainLines(lines)).toEqual(['  const answer = 42;', '  return answer;']);
  });

  it('renders bullet, nested, ordered and task lists', () => {
    const lines = renderMarkdown('- one\n- two\n  - nested\n\n3. third\n4. fourth\n\n- [ ] todo\n- [x] done');
    expect(plainLines(lines)).toEqual([
      '• one',
      '• two',
      '  • nested',
      '',
      '3. third',
      '4. fourth',
      '',
      '☐ todo',
      '☒ done',
    ]);
  });

  it('renders a table with aligned columns and box rules', () => {
    const lines = plainLines(renderMarkdown('| name | size |\n|------|-----:|\n| a.ts | 10 |\n| bb.ts | 2000 |'));
    expect(lines).toEqual([
      '┌───────┬──────┐',
      '│ name  │ size │',
      '├───────┼──────┤',
      '│ a.ts  │   10 │',
      '│ bb.ts │ 2000 │',
      '└───────┴──────┘',
    ]);
  });

  it('renders a blockquote with a bar', () => {
    expect(plainLines(renderMarkdown('> careful'))).toEqual(['│ careful']);
  });

  const WIDE_TABLE = [
    '| name | description | status |',
    '| --- | --- | ---: |',
    '| retry | wraps every request in a loop with exponential backoff | done |',
    '| cache | keyed by url | wip |',
  ].join('\n');

  it('fits a table wider than the room by wrapping its widest column inside its borders', () => {
    const lines = plainLines(renderMarkdown(WIDE_TABLE, 40));
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(40);
    // Every drawn row has its borders at the same columns.
    const borders = (line: string): number[] => [...line].flatMap((char, index) => ('│┌┬┐├┼┤└┴┘'.includes(char) ? [index] : []));
    for (const line of lines) expect(borders(line)).toEqual(borders(lines[0] ?? ''));
    const words = (text: string): string[] => text.replace(/[│┌┬┐├┼┤└┴┘─]/g, ' ').split(/\s+/).filter(Boolean).sort();
    expect(words(lines.join(' '))).toEqual(words(WIDE_TABLE.replace(/[|:-]/g, ' ')));
    // Short columns keep their width; right alignment holds on every row of a wrapped cell.
    expect(lines[1]).toMatch(/^│ name  │ description +│ status │$/);
    expect(lines.find((line) => line.includes('done'))).toMatch(/│   done │$/);
  });

  it('keeps a table that fits exactly as wide as its cells', () => {
    const natural = plainLines(renderMarkdown(WIDE_TABLE));
    const width = visibleWidth(natural[0] ?? '');
    expect(plainLines(renderMarkdown(WIDE_TABLE, width))).toEqual(natural);
    expect(plainLines(renderMarkdown(WIDE_TABLE, width - 1))).not.toEqual(natural);
  });

  it('draws each row as header: value lines when no column layout fits', () => {
    const lines = plainLines(renderMarkdown(WIDE_TABLE, 20));
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(20);
    expect(lines.slice(0, 2)).toEqual(['name: retry', 'description: wraps']);
    expect(lines).toContain('status: done');
    expect(lines).toContain('─'.repeat(20));
  });

  it('draws a rule no wider than the room', () => {
    expect(plainLines(renderMarkdown('---', 12))).toEqual(['─'.repeat(12)]);
    expect(plainLines(renderMarkdown('---'))).toEqual(['─'.repeat(40)]);
  });

  it('turns tabs in code into spaces, whose width is known', () => {
    expect(plainLines(renderMarkdown('```\n\treturn x\n```'))).toEqual(['      return x']);
  });
});

describe('MarkdownLineStream', () => {
  it('commits a line only when its newline arrives', () => {
    const stream = new MarkdownLineStream();
    expect(stream.push('Line one of')).toEqual([]);
    expect(stream.pending).toBe('Line one of');
    expect(plainLines(stream.push(' a slow answer.\nLine two'))).toEqual(['Line one of a slow answer.']);
    expect(stream.pending).toBe('Line two');
    expect(plainLines(stream.finish())).toEqual(['Line two']);
  });

  it('keeps one blank line between blocks and none at the edges', () => {
    const stream = new MarkdownLineStream();
    const lines = [...stream.push('\n\nFirst.\n\n\n- a\n- b\n\n'), ...stream.finish()];
    expect(plainLines(lines)).toEqual(['First.', '', '• a', '• b']);
  });

  it('highlights fenced code line by line and drops the fences', () => {
    const stream = new MarkdownLineStream();
    expect(stream.push('```js\n')).toEqual([]);
    expect(plainLines(stream.push('let x = 1;\n'))).toEqual(['  let x = 1;']);
    expect(plainLines([...stream.push('```\nAfter.\n'), ...stream.finish()])).toEqual(['After.']);
  });

  it('holds table rows until the table ends, then draws it whole', () => {
    const stream = new MarkdownLineStream();
    expect(stream.push('| a | b |\n|---|---|\n| 1 | 2 |\n')).toEqual([]);
    expect(stream.pending).toContain('| 1 | 2 |');
    const lines = plainLines([...stream.push('\nDone.\n'), ...stream.finish()]);
    expect(lines).toEqual(['┌───┬───┐', '│ a │ b │', '├───┼───┤', '│ 1 │ 2 │', '└───┴───┘', '', 'Done.']);
  });

  it('keeps the indentation of nested list items instead of making code', () => {
    expect(plainLines(renderAnswer('- top\n    - deep\n'))).toEqual(['• top', '    • deep']);
  });
});
