// Everything printed above the live area so far, for the repaint after a resize that pushed the
// frame's top into the scrollback: Ink's <Static> output (Ink keeps all of it and hands it over)
// and the rows the writer printed itself (the streamed answer), each in its place among Ink's.
import { cellsOf, mayHoldDisputed, type Unit } from './cells.js';
import { rowsOf } from './frameRows.js';
import type { Pen } from './pen.js';
import { Style } from './sgr.js';

export class PrintedAbove {
  /** The writer's own rows, each after as much of Ink's printed output as there was then. */
  private readonly own: Array<{ after: number; text: string }> = [];

  constructor(private readonly ink: (() => string) | undefined) {}

  /** Where in Ink's printed output things stand now; undefined when Ink does not say what it printed. */
  mark(): number | undefined {
    return this.ink?.().length;
  }

  /** Rows the writer printed itself at `after`, a mark taken when it was asked to. */
  add(after: number | undefined, rows: readonly string[]): void {
    if (after !== undefined) this.own.push({ after, text: rows.map((row) => `${row}\n`).join('') });
  }

  /** All of it in order; undefined when Ink does not say what it printed. */
  text(): string | undefined {
    const ink = this.ink?.();
    if (ink === undefined) return undefined;
    let out = '';
    let from = 0;
    for (const { after, text } of this.own) {
      out += ink.slice(from, after) + text;
      from = after;
    }
    return out + ink.slice(from);
  }
}

/**
 * Writes printed rows from column 0 down, as a repaint does. A row holding an emoji sequence goes
 * through the pen, which moves the cursor to the column the row counts after each one, as when the
 * row was first drawn (a terminal measuring each code point would wrap it otherwise); when it is
 * wider than the terminal (printed before a narrowing) it is cut where the terminal wraps it.
 * Other rows go out as they are. Starts at column 0 and leaves the cursor there under the last row.
 */
export function writePrinted(pen: Pen, text: string): void {
  pen.column = 0;
  let asTheyAre = '';
  for (const row of rowsOf(text)) {
    const cells = mayHoldDisputed(row) ? cellsOf(row) : undefined;
    if (!cells) {
      asTheyAre += `${row}\n`;
      continue;
    }
    if (asTheyAre !== '') pen.opaque(asTheyAre);
    asTheyAre = '';
    pen.column = 0;
    for (const units of wrappedAt(cells.units, pen.width())) {
      for (const unit of units) pen.put(unit);
      pen.restyle(Style.plain);
      pen.out += '\n';
      pen.column = 0;
    }
  }
  if (asTheyAre !== '') pen.opaque(asTheyAre);
  pen.column = 0;
}

/** A row's units as a terminal `width` wide wraps them, each part's placed from column 0. */
function wrappedAt(units: readonly Unit[], width: number): Unit[][] {
  const parts: Unit[][] = [];
  let part: Unit[] = [];
  let start = 0;
  for (const unit of units) {
    if (part.length > 0 && unit.column + unit.width - start > width) {
      parts.push(part);
      part = [];
      start = unit.column;
    }
    part.push({ ...unit, column: unit.column - start });
  }
  return [...parts, part];
}
