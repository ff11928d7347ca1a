// `$ARGUMENTS` and the positional `$1`…`$9` (1-based: `$1` is the first word). Words are split
// like a shell would: quotes group words, and are removed.
const POSITIONAL = /\$([1-9])(?![0-9])/g;

export function splitArguments(args: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let inWord = false;
  for (const char of args) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
      continue;
    }
    if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    current += char;
    inWord = true;
  }
  if (inWord) words.push(current);
  return words;
}

/** The body with arguments filled in; a body that uses none gets them appended. */
export function substituteArguments(body: string, args: string): string {
  const trimmed = args.trim();
  const usesAll = body.includes('$ARGUMENTS');
  const usesPositional = new RegExp(POSITIONAL.source).test(body);
  if (!usesAll && !usesPositional) return trimmed === '' ? body : `${body.trimEnd()}\n\nARGUMENTS: ${trimmed}`;
  const words = splitArguments(trimmed);
  return body
    .replaceAll('$ARGUMENTS', () => trimmed)
    .replace(POSITIONAL, (_match, digit: string) => words[Number(digit) - 1] ?? '');
}
