// Everything printed above the live area so far, for the repaint after a resize that pushed the
// frame's top into the scrollback: Ink's <Static> output (Ink keeps all of it and hands it over)
// and the rows the writer printed itself (the streamed answer), each in its place among Ink's.
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
