// Brace expansion as bash does it before anything else: `touch {../outside/x,}` touches
// `../outside/x`, and `{a,b}c` is two words. Only unquoted braces expand; `${…}` and other
// expansions are opaque items that brace expansion copies along.

/** One character of a word (and whether it was quoted), or an expansion kept whole. */
export type Item<Opaque> = { char: string; quoted: boolean } | { opaque: Opaque };

/** More words than this and the command is not worth reasoning about: callers ask instead. */
export const MAX_BRACE_WORDS = 256;

const isChar = <O>(item: Item<O> | undefined, char: string): boolean =>
  item !== undefined && 'char' in item && !item.quoted && item.char === char;

/** Index of the `}` closing the `{` at `open`, and the top-level commas between them. */
function findClose<O>(items: readonly Item<O>[], open: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let index = open; index < items.length; index++) {
    if (isChar(items[index], '{')) depth++;
    else if (isChar(items[index], '}') && --depth === 0) return { close: index, commas };
    else if (depth === 1 && isChar(items[index], ',')) commas.push(index);
  }
  return undefined;
}

function plainText<O>(items: readonly Item<O>[]): string | undefined {
  let text = '';
  for (const item of items) {
    if (!('char' in item) || item.quoted) return undefined;
    text += item.char;
  }
  return text;
}

const SEQUENCE = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/;

/** `{1..5}`, `{a..e}`, `{01..10..2}`; undefined when the body is not a sequence. */
function sequence(body: string): string[] | undefined {
  const match = SEQUENCE.exec(body);
  if (!match) return undefined;
  const [, from = '', to = '', stepText] = match;
  const numeric = /\d/.test(from);
  if (numeric !== /\d/.test(to)) return undefined;
  const start = numeric ? Number(from) : from.charCodeAt(0);
  const end = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  if (Math.abs(end - start) / step > MAX_BRACE_WORDS) return undefined;
  const width = numeric && /^-?0\d/.test(from) ? from.length : 0;
  const values: string[] = [];
  for (let value = start; start <= end ? value <= end : value >= end; value += start <= end ? step : -step) {
    values.push(numeric ? String(value).padStart(width, '0') : String.fromCharCode(value));
  }
  return values;
}

const charsOf = <O>(text: string): Item<O>[] => [...text].map((char) => ({ char, quoted: false }));

/**
 * Every word the items become. Undefined when the expansion would make more than
 * MAX_BRACE_WORDS words (then nobody can check them all).
 */
export function expandBraces<O>(items: readonly Item<O>[]): Item<O>[][] | undefined {
  for (let open = 0; open < items.length; open++) {
    if (!isChar(items[open], '{')) continue;
    const found = findClose(items, open);
    if (!found) continue;
    const prefix = items.slice(0, open);
    const suffix = items.slice(found.close + 1);
    let alternatives: Item<O>[][];
    if (found.commas.length > 0) {
      const bounds = [open, ...found.commas, found.close];
      alternatives = bounds.slice(1).map((end, index) => items.slice((bounds[index] as number) + 1, end));
    } else {
      const body = plainText(items.slice(open + 1, found.close));
      const values = body === undefined ? undefined : sequence(body);
      if (!values) continue;
      alternatives = values.map((value) => charsOf<O>(value));
    }
    const words: Item<O>[][] = [];
    for (const alternative of alternatives) {
      // The suffix may hold more braces; the alternative itself may nest them.
      const expanded = expandBraces([...prefix, ...alternative, ...suffix]);
      if (!expanded) return undefined;
      words.push(...expanded);
      if (words.length > MAX_BRACE_WORDS) return undefined;
    }
    return words;
  }
  return [[...items]];
}
