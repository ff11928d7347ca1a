// A Bash rule specifier compiled to a regular expression over one normalized command:
// exact `npm run build`, legacy prefix `npm test:*`, or wildcards `git * main` / `ls *`.

export type BashPatternKind = 'exact' | 'prefix' | 'wildcard';

export type BashPattern = {
  kind: BashPatternKind;
  /** The specifier as written, for exact whole-command comparisons. */
  source: string;
  regex: RegExp;
  /** Literal text before the first wildcard, `\*` unescaped. */
  literalHead: string;
  /** True when extra trailing arguments still match (prefix rules, trailing `*`). */
  endsOpen: boolean;
};

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Piece = { literal: string } | { star: true };

/** Splits on unescaped `*`; `\*` becomes a literal star, other backslashes stay. */
function tokenize(text: string): Piece[] {
  const pieces: Piece[] = [];
  let literal = '';
  for (let index = 0; index < text.length; index++) {
    const c = text[index] as string;
    if (c === '\\' && text[index + 1] === '*') {
      literal += '*';
      index++;
    } else if (c === '*') {
      pieces.push({ literal }, { star: true });
      literal = '';
    } else {
      literal += c;
    }
  }
  pieces.push({ literal });
  return pieces;
}

function toRegexSource(pieces: readonly Piece[]): string {
  return pieces.map((piece) => ('star' in piece ? '.*' : escapeRegex(piece.literal))).join('');
}

function literalHead(pieces: readonly Piece[]): string {
  const first = pieces[0];
  return first && 'literal' in first ? first.literal : '';
}

/** True when `text` ends in ` *` with that star unescaped. */
function endsWithOpenStar(text: string): boolean {
  if (!text.endsWith(' *')) return false;
  let backslashes = 0;
  for (let index = text.length - 2; index >= 0 && text[index] === '\\'; index--) backslashes++;
  return backslashes === 0;
}

export function compileBashPattern(specifier: string): BashPattern {
  const source = specifier.trim();
  if (source.endsWith(':*') && source.length > 2) {
    const pieces = tokenize(source.slice(0, -2));
    return {
      kind: 'prefix',
      source,
      regex: new RegExp(`^${toRegexSource(pieces)}(?: .*)?$`, 's'),
      literalHead: literalHead(pieces),
      endsOpen: true,
    };
  }
  const pieces = tokenize(source);
  if (!pieces.some((piece) => 'star' in piece)) {
    const literal = literalHead(pieces);
    return { kind: 'exact', source, regex: new RegExp(`^${escapeRegex(literal)}$`, 's'), literalHead: literal, endsOpen: false };
  }
  // A trailing ` *` keeps a word boundary and also matches the bare command: `ls *` ⊇ `ls`.
  if (endsWithOpenStar(source)) {
    const body = tokenize(source.slice(0, -2));
    return {
      kind: 'wildcard',
      source,
      regex: new RegExp(`^${toRegexSource(body)}(?: .*)?$`, 's'),
      literalHead: literalHead(body),
      endsOpen: true,
    };
  }
  return {
    kind: 'wildcard',
    source,
    regex: new RegExp(`^${toRegexSource(pieces)}$`, 's'),
    literalHead: literalHead(pieces),
    endsOpen: source.endsWith('*'),
  };
}
