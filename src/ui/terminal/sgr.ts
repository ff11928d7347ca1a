// The graphic rendition (SGR) a terminal cell is drawn with, as the writer tracks it: each
// attribute in a slot of its own, so two runs of codes that leave the terminal in the same state
// compare equal, and the change from one state to another can be written as the fewest codes.

/** The slots a space shows: a blank cell looks the same whatever its colour, weight or slant. */
const VISIBLE_ON_BLANK = new Set(['bg', 'inverse', 'underline', 'underlineColor', 'strike', 'overline']);

/** The code that switches each slot off. Bold and dim share one (22). */
const SLOT_RESET: Record<string, string> = {
  bold: '22',
  dim: '22',
  italic: '23',
  underline: '24',
  blink: '25',
  inverse: '27',
  hidden: '28',
  strike: '29',
  fg: '39',
  bg: '49',
  overline: '55',
  underlineColor: '59',
};

/** Canonical slot order, so equal states have equal keys. */
const SLOT_ORDER = [...Object.keys(SLOT_RESET)];

/** Which slot a plain (single-parameter) code sets, and whether it clears it instead. */
function slotOf(parameter: number): { slot: string; reset: boolean } | undefined {
  switch (parameter) {
    case 1:
      return { slot: 'bold', reset: false };
    case 2:
      return { slot: 'dim', reset: false };
    case 3:
      return { slot: 'italic', reset: false };
    case 4:
    case 21:
      return { slot: 'underline', reset: false };
    case 5:
    case 6:
      return { slot: 'blink', reset: false };
    case 7:
      return { slot: 'inverse', reset: false };
    case 8:
      return { slot: 'hidden', reset: false };
    case 9:
      return { slot: 'strike', reset: false };
    case 23:
      return { slot: 'italic', reset: true };
    case 24:
      return { slot: 'underline', reset: true };
    case 25:
      return { slot: 'blink', reset: true };
    case 27:
      return { slot: 'inverse', reset: true };
    case 28:
      return { slot: 'hidden', reset: true };
    case 29:
      return { slot: 'strike', reset: true };
    case 39:
      return { slot: 'fg', reset: true };
    case 49:
      return { slot: 'bg', reset: true };
    case 53:
      return { slot: 'overline', reset: false };
    case 55:
      return { slot: 'overline', reset: true };
    case 59:
      return { slot: 'underlineColor', reset: true };
    default:
      if ((parameter >= 30 && parameter <= 37) || (parameter >= 90 && parameter <= 97)) return { slot: 'fg', reset: false };
      if ((parameter >= 40 && parameter <= 47) || (parameter >= 100 && parameter <= 107)) return { slot: 'bg', reset: false };
      return undefined;
  }
}

const EXTENDED_COLOR_SLOT: Record<number, string> = { 38: 'fg', 48: 'bg', 58: 'underlineColor' };

/** An immutable rendition: slot → the parameters that set it. `key` is equal for equal states. */
export class Style {
  static readonly plain = new Style(new Map());

  readonly key: string;
  /** The same for two styles whose blank cells look alike. */
  readonly blankKey: string;

  private constructor(private readonly slots: ReadonlyMap<string, string>) {
    const ordered = [...slots.keys()].sort((a, b) => rank(a) - rank(b));
    this.key = ordered.map((slot) => slots.get(slot)).join(';');
    this.blankKey = ordered
      .filter((slot) => VISIBLE_ON_BLANK.has(slot) || !(slot in SLOT_RESET))
      .map((slot) => slots.get(slot))
      .join(';');
  }

  get isPlain(): boolean {
    return this.slots.size === 0;
  }

  /** The state after the terminal reads one SGR sequence (`parameters` is what sits between `ESC [` and `m`). */
  apply(parameters: string): Style {
    const slots = new Map(this.slots);
    const values = parameters === '' ? ['0'] : parameters.split(';');
    for (let index = 0; index < values.length; index++) {
      const value = values[index] ?? '0';
      const parameter = Number.parseInt(value, 10) || 0;
      const extended = EXTENDED_COLOR_SLOT[parameter];
      if (extended !== undefined && !value.includes(':')) {
        // 38;5;n and 38;2;r;g;b take the parameters after them.
        const mode = values[index + 1];
        const take = mode === '5' ? 2 : mode === '2' ? 4 : 0;
        slots.set(extended, values.slice(index, index + 1 + take).join(';'));
        index += take;
      } else if (extended !== undefined) {
        slots.set(extended, value);
      } else if (parameter === 0) {
        slots.clear();
      } else if (parameter === 22) {
        slots.delete('bold');
        slots.delete('dim');
      } else {
        const known = slotOf(parameter);
        if (!known) slots.set(`other:${value}`, value);
        else if (known.reset) slots.delete(known.slot);
        else slots.set(known.slot, value);
      }
    }
    return new Style(slots);
  }

  /** The shortest SGR sequence that takes a terminal drawing in `this` to `next` ('' when equal). */
  transitionTo(next: Style): string {
    if (next.key === this.key) return '';
    if (next.isPlain) return '\u001B[m';
    const fromScratch = `0;${next.key}`;
    let canStep = true;
    const step: string[] = [];
    let intensityReset = false;
    for (const slot of this.slots.keys()) {
      if (next.slots.has(slot)) continue;
      const reset = SLOT_RESET[slot];
      if (reset === undefined) canStep = false;
      else if (reset === '22') intensityReset = true;
      else step.push(reset);
    }
    if (intensityReset) step.push('22');
    for (const slot of SLOT_ORDER.concat([...next.slots.keys()].filter((slot) => !(slot in SLOT_RESET)))) {
      const value = next.slots.get(slot);
      if (value === undefined) continue;
      const cleared = intensityReset && (slot === 'bold' || slot === 'dim');
      if (cleared || this.slots.get(slot) !== value) step.push(value);
    }
    const stepped = step.join(';');
    return `\u001B[${canStep && stepped.length <= fromScratch.length ? stepped : fromScratch}m`;
  }
}

function rank(slot: string): number {
  const index = SLOT_ORDER.indexOf(slot);
  return index === -1 ? SLOT_ORDER.length : index;
}
