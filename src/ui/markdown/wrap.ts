// Word-wraps a rendered (styled) line to a width, measuring what the terminal will draw: styling
// takes no columns, CJK and emoji take two. A wrapped list item, quote or indented line continues
// under its text, not at the left edge. Each row closes its own styles and the next reopens them, so
// every row stands alone (the terminal writer may rewrite one row without the others).
import { visibleWidth } from './ansi.js';

// eslint-disable-next-line no-control-regex
const TOKEN = /\u001B\[[0-9;]*m|[^\u001B ]+| +|\u001B/g;
const RESET = '\u001B[0m';
/** A list marker at the start of a line: the text after it is where wrapped rows continue. */
const LIST_MARKER = /^(?:[•☐☒◦▪-]|\d+[.)])$/;

type Piece = { text: string; width: number; kind: 'style' | 'word' | 'gap' };

function piecesOf(line: string): Piece[] {
  return [...line.matchAll(TOKEN)].map(([text]) => {
    if (text.startsWith('\u001B')) return { text, width: 0, kind: 'style' };
    if (text.startsWith(' ')) return { text, width: text.length, kind: 'gap' };
    return { text, width: visibleWidth(text), kind: 'word' };
  });
}

/** A quote's bar at the start of a line: wrapped rows repeat it. */
const QUOTE_BAR = '│';
const DIM = '\u001B[2m';
const UNDIM = '\u001B[22m';

/** Whether the first piece after `index` that takes columns is a gap. */
function followedByGap(pieces: readonly Piece[], index: number): boolean {
  for (let next = index + 1; next < pieces.length; next++) {
    const kind = pieces[next]?.kind;
    if (kind !== 'style') return kind === 'gap';
  }
  return false;
}

/**
 * Columns of the run of words starting at `index` up to the next gap: a word styled in parts
 * (`code` followed by a comma, **bold** followed by a full stop) breaks only where a space was.
 */
function runWidth(pieces: readonly Piece[], index: number): number {
  let width = 0;
  for (let next = index; next < pieces.length; next++) {
    const piece = pieces[next];
    if (piece?.kind === 'gap') break;
    width += piece?.width ?? 0;
  }
  return width;
}

/**
 * What rows after the first start with: the line's indentation, its quote bars redrawn, and
 * room for a list item's marker, so wrapped text continues under the text, not the edge.
 */
function continuationPrefix(pieces: readonly Piece[]): { text: string; width: number } {
  let text = '';
  let width = 0;
  let markerSeen = false;
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index];
    if (!piece || piece.kind === 'style') continue;
    if (piece.kind === 'gap') {
      text += piece.text;
      width += piece.width;
      continue;
    }
    if (!followedByGap(pieces, index)) break;
    if (piece.text === QUOTE_BAR) {
      text += DIM + QUOTE_BAR + UNDIM;
      width += 1;
      continue;
    }
    if (markerSeen || !LIST_MARKER.test(piece.text)) break;
    text += ' '.repeat(piece.width);
    width += piece.width;
    markerSeen = true;
  }
  return { text, width };
}

/** Splits a word too long for any row into pieces that fit, by characters. */
function splitWord(word: string, room: number, width: number): string[] {
  const parts: string[] = [];
  let current = '';
  let used = 0;
  let limit = room;
  for (const char of word) {
    const charWidth = visibleWidth(char);
    if (used + charWidth > limit && current !== '') {
      parts.push(current);
      current = '';
      used = 0;
      limit = width;
    }
    current += char;
    used += charWidth;
  }
  if (current !== '') parts.push(current);
  return parts;
}

export function wrapRendered(line: string, width: number): string[] {
  if (width <= 0 || visibleWidth(line) <= width) return [line];
  const pieces = piecesOf(line);
  const found = continuationPrefix(pieces);
  const half = Math.floor(width / 2);
  const prefix = found.width <= half ? found : { text: ' '.repeat(half), width: half };
  const rows: string[] = [];
  let styles: string[] = [];
  let row = '';
  let used = 0;
  let pendingGap = '';
  let rowHasWord = false;

  const breakRow = (): void => {
    rows.push(styles.length > 0 ? row + RESET : row);
    row = prefix.text + styles.join('');
    used = prefix.width;
    pendingGap = '';
    rowHasWord = false;
  };

  // Whether the last piece that took columns was a word, so the next word is glued to it.
  let glued = false;
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind === 'style') {
      styles = piece.text === RESET || piece.text === '\u001B[m' ? [] : [...styles, piece.text];
      row += piece.text;
      continue;
    }
    if (piece.kind === 'gap') {
      if (rowHasWord || rows.length === 0) pendingGap += piece.text;
      glued = false;
      continue;
    }
    // A run that fits on a row moves down whole; one too long for any row is split where it must.
    const run = glued ? 0 : runWidth(pieces, index);
    const needed = glued ? visibleWidth([...piece.text][0] ?? '') : run <= width - prefix.width ? run : piece.width;
    glued = true;
    if (rowHasWord && used + pendingGap.length + needed > width) breakRow();
    row += pendingGap;
    used += pendingGap.length;
    pendingGap = '';
    const parts = piece.width > width - used ? splitWord(piece.text, width - used, width - prefix.width) : [piece.text];
    parts.forEach((part, index) => {
      if (index > 0) breakRow();
      row += part;
      used += visibleWidth(part);
      rowHasWord = true;
    });
  }
  rows.push(row);
  return rows;
}
