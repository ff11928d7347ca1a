// Models often type straight quotes where the file has typographic ones (or the reverse after a
// copy through a UI). Matching treats the two as equal, and the replacement keeps the file's style.

const CURLY_SINGLE = /[\u2018\u2019]/g;
const CURLY_DOUBLE = /[\u201C\u201D]/g;

export function normalizeQuotes(text: string): string {
  return text.replace(CURLY_SINGLE, "'").replace(CURLY_DOUBLE, '"');
}

/**
 * The exact text in the file that `search` means: itself when present, otherwise the span that
 * matches once quotes are normalised. Normalising maps one character to one, so offsets agree.
 */
export function findActualString(fileText: string, search: string): string | undefined {
  if (fileText.includes(search)) return search;
  const index = normalizeQuotes(fileText).indexOf(normalizeQuotes(search));
  return index === -1 ? undefined : fileText.slice(index, index + search.length);
}

/** Gives `replacement` the curly quotes `matched` used, so an edit does not mix styles. */
export function matchQuoteStyle(matched: string, replacement: string): string {
  const curlyDouble = /[\u201C\u201D]/.test(matched);
  const curlySingle = /[\u2018\u2019]/.test(matched);
  if (!curlyDouble && !curlySingle) return replacement;
  let result = '';
  for (let i = 0; i < replacement.length; i++) {
    const char = replacement[i] ?? '';
    const before = replacement[i - 1];
    const after = replacement[i + 1];
    if (char === '"' && curlyDouble) result += opensQuote(before) ? '\u201C' : '\u201D';
    else if (char === "'" && curlySingle) result += singleQuote(before, after);
    else result += char;
  }
  return result;
}

function opensQuote(before: string | undefined): boolean {
  return before === undefined || /[\s([{\u2014-]/.test(before);
}

function singleQuote(before: string | undefined, after: string | undefined): string {
  const isApostrophe = before !== undefined && after !== undefined && /\p{L}/u.test(before) && /\p{L}/u.test(after);
  if (isApostrophe) return '\u2019';
  return opensQuote(before) ? '\u2018' : '\u2019';
}
