// Markdown tables drawn with box characters, columns sized to their widest cell.
import type { Tokens } from 'marked';
import { ansi, visibleWidth } from './ansi.js';
import { renderInline } from './inline.js';

type Align = Tokens.Table['align'][number];

export function renderTable(table: Tokens.Table): string[] {
  const header = table.header.map((cell) => ansi.bold(renderInline(cell.tokens)));
  const rows = table.rows.map((row) => row.map((cell) => renderInline(cell.tokens)));
  const widths = header.map((cell, column) =>
    Math.max(visibleWidth(cell), ...rows.map((row) => visibleWidth(row[column] ?? ''))),
  );
  const rule = (left: string, middle: string, right: string): string =>
    ansi.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(middle) + right);
  const line = (cells: string[]): string =>
    ansi.dim('│') +
    widths
      .map((width, column) => ` ${pad(cells[column] ?? '', width, table.align[column] ?? null)} `)
      .join(ansi.dim('│')) +
    ansi.dim('│');

  return [
    rule('┌', '┬', '┐'),
    line(header),
    rule('├', '┼', '┤'),
    ...rows.map(line),
    rule('└', '┴', '┘'),
  ];
}

function pad(text: string, width: number, align: Align): string {
  const gap = Math.max(0, width - visibleWidth(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') {
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + text + ' '.repeat(gap - left);
  }
  return text + ' '.repeat(gap);
}
