// What a word becomes when bash runs it: brace expansion, tilde expansion and quote removal are
// done here exactly; parameters, substitutions and arithmetic are left as written and mark the
// word as not exactly known. Unquoted `* ? [` mark it as a glob that file names may replace.
import { homeDir } from '../../../utils/configDir.js';
import { expandBraces, type Item } from './braces.js';
import type { Word, WordPart } from './types.js';

export type ExpandedWord = {
  /** The word's value; unknown parts appear as written (`$HOME`, `$(id)`). */
  text: string;
  /** True when `text` is the value bash will use (no unknown parts, no `~user`). */
  exact: boolean;
  /** An unquoted unknown part: bash may split it into several words, or drop it. */
  splits: boolean;
  /** Unquoted `*`, `?` or `[…]`: matching file names may replace the word. */
  glob: boolean;
  /** `$((…))` naming variables: bash evaluates their values as expressions, subscripts included. */
  arithmetic?: boolean;
  /** Holds the output of other commands: `$(…)`, backticks, `<(…)`. */
  substitution?: boolean;
};

type Opaque = Exclude<WordPart, { kind: 'text' }>;

function itemsOf(parts: readonly WordPart[]): Item<Opaque>[] {
  const items: Item<Opaque>[] = [];
  for (const part of parts) {
    // A quoted substitution whose output is known is just that text.
    if (part.kind === 'command' && part.output !== undefined && part.quoted) {
      for (const char of part.output) items.push({ char, quoted: true });
      if (part.output === '') items.push({ char: '', quoted: true });
      continue;
    }
    if (part.kind !== 'text') {
      items.push({ opaque: part });
      continue;
    }
    // An empty quoted string still makes a word: `""` is one empty argument.
    if (part.text === '' && part.quoted) items.push({ char: '', quoted: true });
    for (const char of part.text) items.push({ char, quoted: part.quoted });
  }
  return items;
}

const isUnquoted = (item: Item<Opaque> | undefined): item is { char: string; quoted: false } =>
  item !== undefined && 'char' in item && !item.quoted;

/** `~` and `~/…` at the start become the home folder; `~user`, `~+` and `~-` are unknown. */
function tildePrefix(items: readonly Item<Opaque>[]): { replaced: string; consumed: number; exact: boolean } | undefined {
  if (!isUnquoted(items[0]) || items[0].char !== '~') return undefined;
  let end = 1;
  let name = '';
  while (end < items.length) {
    const item = items[end];
    if (!isUnquoted(item) || item.char === '/') break;
    name += item.char;
    end++;
  }
  if (end < items.length && !isUnquoted(items[end])) return { replaced: '~', consumed: 1, exact: false };
  if (name === '') return { replaced: homeDir(), consumed: 1, exact: true };
  return { replaced: `~${name}`, consumed: end, exact: false };
}

function toExpanded(items: readonly Item<Opaque>[]): ExpandedWord | undefined {
  const tilde = tildePrefix(items);
  let text = tilde?.replaced ?? '';
  let exact = tilde?.exact ?? true;
  let splits = false;
  let glob = false;
  let keeps = false;
  let arithmetic = false;
  let substitution = false;
  const rest = items.slice(tilde?.consumed ?? 0);
  // A `[` only starts a pattern when an unquoted `]` closes it later in the word.
  const lastClose = rest.findLastIndex((item) => 'char' in item && !item.quoted && item.char === ']');
  for (const [index, item] of rest.entries()) {
    if ('opaque' in item) {
      const part = item.opaque;
      if (part.kind === 'arith' && part.names) arithmetic = true;
      if (part.kind === 'command' || part.kind === 'process') substitution = true;
      text += part.raw;
      exact = false;
      keeps = true;
      if (part.kind !== 'process' && !part.quoted) splits = true;
      continue;
    }
    text += item.char;
    if (item.quoted) keeps = true;
    else if (item.char === '*' || item.char === '?' || (item.char === '[' && index < lastClose)) glob = true;
  }
  // An unquoted word that comes to nothing (`{,}`, an empty brace alternative) is no word.
  if (text === '' && !keeps) return undefined;
  return { text, exact, splits, glob, ...(arithmetic ? { arithmetic } : {}), ...(substitution ? { substitution } : {}) };
}

/** The words bash makes of one word; undefined when brace expansion makes too many to check. */
export function expandWord(word: Word): ExpandedWord[] | undefined {
  const expanded = expandBraces(itemsOf(word.parts));
  if (!expanded) return undefined;
  return expanded.flatMap((items) => {
    const one = toExpanded(items);
    return one ? [one] : [];
  });
}

/** Quote removal only (no braces, no tilde): what a heredoc delimiter or a keyword is compared as. */
export function decodeWord(word: Word): string {
  return word.parts.map((part) => (part.kind === 'text' ? part.text : part.raw)).join('');
}
