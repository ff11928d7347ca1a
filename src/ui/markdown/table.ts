// Markdown tables drawn with box characters. Columns take their widest cell when the table fits
// the width it is drawn at; otherwise the widest columns give up room and their cells wrap
// inside them, and where even that cannot fit, each row is drawn as `header: value` lines.
import type { Tokens } from 'marked';
import { ansi, visibleWidth } from './ansi.js';
import { renderInline } from './inline.js';
import { wrapRendered } from './wrap.js';

type Align = Tokens.Table['align'][number];

/** Narrower than this, a column's text wraps a word or two a row and the table stops reading well. */
const MIN_COLUMN_WIDTH = 6;

export function renderTable(table: Tokens.Table, maxWidth = Infinity): string[] {
  const header = table.header.map((cell) => ansi.bold(renderInline(cell.tokens)));
  const rows = table.rows.map((row) => header.map((_, column) => renderInline(row[column]?.tokens ?? [])));
  const natural = header.map((cell, column) =>
    Math.max(1, visibleWidth(cell), ...rows.map((row) => visibleWidth(row[column] ?? ''))),
  );
  // Each column costs its text plus a space either side and one rule; the table one more rule.
  const room = maxWidth - (3 * header.length + 1);
  const widths = room >= sum(natural) ? natural : shareRoom(natural, room);
  if (!widths) return renderRecords(header, rows, maxWidth);

  const rule = (left: string, middle: string, right: string): string =>
    ansi.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(middle) + right);
  const drawRow = (cells: string[]): string[] => {
    const wrapped = widths.map((width, column) => wrapRendered(cells[column] ?? '', width));
    const height = Math.max(...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_, line) =>
      ansi.dim('│') +
      widths
        .map((width, column) => ` ${pad(wrapped[column]?.[line] ?? '', width, table.align[column] ?? null)} `)
        .join(ansi.dim('│')) +
      ansi.dim('│'),
    );
  };

  return [
    rule('┌', '┬', '┐'),
    ...drawRow(header),
    rule('├', '┼', '┤'),
    ...rows.flatMap(drawRow),
    rule('└', '┴', '┘'),
  ];
}

/**
 * Column widths that fill `room`: columns narrower than an even share keep their width, the
 * rest split what is left. Undefined when the columns cannot each get a readable width.
 */
function shareRoom(natural: readonly number[], room: number): number[] | undefined {
  if (room < natural.length * MIN_COLUMN_WIDTH) return undefined;
  const widths = [...natural];
  const byWidth = natural.map((width, column) => ({ width, column })).sort((a, b) => a.width - b.width);
  let left = room;
  byWidth.forEach(({ width, column }, index) => {
    const share = Math.floor(left / (byWidth.length - index));
    widths[column] = Math.min(width, share);
    left -= widths[column] ?? 0;
  });
  return widths;
}

/** A table too wide for any column layout: one `header: value` line (wrapped) per cell. */
function renderRecords(header: readonly string[], rows: readonly string[][], maxWidth: number): string[] {
  const separator = ansi.dim('─'.repeat(Math.max(1, Math.min(maxWidth, 40))));
  return rows.flatMap((row, index) => [
    ...(index > 0 ? [separator] : []),
    ...header.flatMap((name, column) => wrapRendered(`${name}: ${row[column] ?? ''}`, maxWidth)),
  ]);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
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
