// Rows of the live area that change far more often than its shape: the streaming answer's
// unfinished rows and the spinner line. Ink draws only a one-row marker where they go; the writer
// puts the slot's rows in its place each time it draws a frame, and draws them again on its own
// when the slot's owner says they changed. A render of the whole tree (React, Yoga layout, Ink's
// cell grid) costs the same few milliseconds whatever changed, so a streamed frame that went
// through Ink cost that much to change a line of text.

export type LiveSlot = 'answer' | 'spinner';

/** What Ink draws where a slot's rows go: a private-use character and the slot's initial. */
export const SLOT_MARKERS: Record<LiveSlot, string> = { answer: '\uE000a', spinner: '\uE000s' };

const MARKER_START = '\uE000';

/** A slot's rows at the terminal's width now (called whenever the frame is drawn). */
export type SlotRows = (columns: number) => readonly string[];

export class LiveSlots {
  private readonly slots = new Map<string, SlotRows>();

  set(slot: LiveSlot, rows: SlotRows | undefined): void {
    if (rows) this.slots.set(SLOT_MARKERS[slot], rows);
    else this.slots.delete(SLOT_MARKERS[slot]);
  }

  /** Ink's rows with each marker row replaced by its slot's rows (none while no one fills it). */
  compose(inkRows: readonly string[], columns: number): string[] {
    if (!inkRows.some(isMarker)) return [...inkRows];
    return inkRows.flatMap((row) => (isMarker(row) ? (this.slots.get(row)?.(columns) ?? []) : [row]));
  }
}

function isMarker(row: string): boolean {
  return row.startsWith(MARKER_START) && row.length === 2;
}
