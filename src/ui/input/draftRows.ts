// How one line of the prompt's draft lies on the box's rows. Words wrap at spaces; a word longer
// than a row is broken where the row ends. The one space where a full row breaks belongs to the
// row it ends, past its text, as an editor hangs it: the next row starts with the next word, not
// with that space one column in. The rows keep offsets into the line, so the cursor can be put on
// the cell of the character it stands on.
import { visibleWidth } from '../markdown/ansi.js';

export type DraftRow = {
  /** The row's drawn text is the line's [start, end). */
  start: number;
  end: number;
  /** Columns the drawn text takes. */
  width: number;
  /** The line's character at `end` is the space the row broke at: drawn nowhere, it hangs past the text. */
  hangs: boolean;
};

/** Where the cursor shows: on row `row`, on the character at the line's offset `at` or past the row's text. */
export type DraftCursor = { row: number; at: number };

const WORD_OR_SPACE = /[^ ]+| /g;

export function draftRows(line: string, width: number): DraftRow[] {
  const room = Math.max(1, width);
  const rows: DraftRow[] = [];
  let row: DraftRow = { start: 0, end: 0, width: 0, hangs: false };
  const breakAt = (start: number, hangs: boolean): void => {
    rows.push({ ...row, hangs });
    row = { start, end: start, width: 0, hangs: false };
  };
  const append = (end: number, columns: number): void => {
    row.end = end;
    row.width += columns;
  };

  for (const { 0: token, index: at } of line.matchAll(WORD_OR_SPACE)) {
    if (token === ' ') {
      // A full row ends where the last token did, here: the space is the row's break.
      if (row.width < room) append(at + 1, 1);
      else breakAt(at + 1, true);
      continue;
    }
    const columns = visibleWidth(token);
    if (row.width + columns <= room) {
      append(at + token.length, columns);
      continue;
    }
    if (columns <= room || (row.width > 0 && rowsTaken(token, room, 0) < rowsTaken(token, room, row.width))) breakAt(at, false);
    let offset = at;
    for (const char of token) {
      const charColumns = visibleWidth(char);
      if (row.width + charColumns > room && row.width > 0) breakAt(offset, false);
      offset += char.length;
      append(offset, charColumns);
    }
  }
  rows.push(row);
  return rows;
}

/** Rows a word too long for one row takes when it starts `used` columns into a row. */
function rowsTaken(word: string, room: number, used: number): number {
  let rows = 1;
  let width = used;
  for (const char of word) {
    const columns = visibleWidth(char);
    if (width + columns > room && width > 0) {
      rows++;
      width = 0;
    }
    width += columns;
  }
  return rows;
}

/**
 * The cursor's cell for `cursor`, an offset into the line (its length: after the last character).
 * On a hanging space, or after the text of a full last row, that is the column past the row's
 * text: each place the cursor can be has a cell of its own, so typing and Backspace always move it.
 */
export function draftCursor(rows: readonly DraftRow[], cursor: number): DraftCursor {
  const index = rows.findIndex((row) => (cursor >= row.start && cursor < row.end) || (row.hangs && cursor === row.end));
  return { row: index === -1 ? rows.length - 1 : index, at: cursor };
}
