// Reading one shell word: quotes, escapes, `$'…'`, parameters, substitutions and arithmetic,
// as bash reads them. Substitutions call back into the command parser so the commands inside
// them are judged like any other.
import { decodeAnsiC } from './ansiC.js';
import type { Word, WordPart } from './types.js';

export type Closer = ')' | '`' | null;

/** What a word reader needs from the command parser around it. */
export interface ParserCallbacks {
  /**
   * Parses commands from `pos` up to `closer` (consumed) as nested, substitution commands;
   * returns their output when it is known without running them.
   */
  parseSubstitution(closer: ')' | '`', stdinUnknown: boolean): string | undefined;
  problem(reason: string): void;
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAM = /[@*#?$!0-9-]/;

export class WordBuilder {
  readonly parts: WordPart[] = [];
  readonly start: number;

  constructor(start: number) {
    this.start = start;
  }

  text(text: string, quoted: boolean): void {
    const last = this.parts[this.parts.length - 1];
    if (last?.kind === 'text' && last.quoted === quoted) last.text += text;
    else this.parts.push({ kind: 'text', text, quoted });
  }

  add(part: WordPart): void {
    this.parts.push(part);
  }

  get isQuoted(): boolean {
    return this.parts.some((part) => part.kind === 'text' && part.quoted);
  }

  /** Plain digits written right against an operator: the descriptor in `2>`. */
  get digits(): string | undefined {
    const [only, ...rest] = this.parts;
    if (rest.length > 0 || only?.kind !== 'text' || only.quoted || !/^\d+$/.test(only.text)) return undefined;
    return only.text;
  }

  build(raw: string): Word {
    return { raw, parts: this.parts };
  }
}

/** A cursor over the source with the word-level readers; the command parser extends it. */
export class WordReader {
  pos = 0;

  constructor(
    protected readonly src: string,
    protected readonly callbacks: ParserCallbacks,
  ) {}

  protected at(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  /** Reads one piece of a word at `pos` (a quoted string, an expansion or one character). */
  readWordPiece(word: WordBuilder, closer: Closer): void {
    const c = this.at();
    if (c === "'") return word.text(this.readSingleQuoted(), true);
    if (c === '"') return this.readDoubleQuoted(word);
    if (c === '\\') {
      // A backslash before a newline joins lines; before anything else it quotes it.
      if (this.at(1) !== '\n') word.text(this.at(1), true);
      this.pos += 2;
      return;
    }
    if (c === '`' && closer !== '`') return this.readCommandSubstitution(word, 1, '`', false);
    if (c === '$') return this.readDollar(word, false);
    word.text(c, false);
    this.pos++;
  }

  private readSingleQuoted(): string {
    const end = this.src.indexOf("'", this.pos + 1);
    if (end < 0) {
      this.callbacks.problem('a quote is never closed');
      const rest = this.src.slice(this.pos + 1);
      this.pos = this.src.length;
      return rest;
    }
    const value = this.src.slice(this.pos + 1, end);
    this.pos = end + 1;
    return value;
  }

  /** The raw body of `$'…'` at `pos`; a backslash escapes the next character, quotes included. */
  private readAnsiCBody(): string {
    let end = this.pos + 2;
    while (end < this.src.length && this.src[end] !== "'") end += this.src[end] === '\\' ? 2 : 1;
    const body = this.src.slice(this.pos + 2, Math.min(end, this.src.length));
    if (end >= this.src.length) this.callbacks.problem('a quote is never closed');
    this.pos = Math.min(end + 1, this.src.length);
    return body;
  }

  /** `"…"`: the body is quoted text with `$…` and backtick expansions inside it. */
  readDoubleQuoted(word: WordBuilder): void {
    this.pos++;
    while (this.pos < this.src.length) {
      const c = this.at();
      if (c === '"') {
        this.pos++;
        // `""` is an empty quoted word, not nothing.
        word.text('', true);
        return;
      }
      if (c === '\\') {
        const next = this.at(1);
        if (next !== '\n') word.text('$`"\\'.includes(next) ? next : c + next, true);
        this.pos += 2;
        continue;
      }
      if (c === '`') {
        this.readCommandSubstitution(word, 1, '`', true);
        continue;
      }
      if (c === '$') {
        this.readDollar(word, true);
        continue;
      }
      word.text(c, true);
      this.pos++;
    }
    this.callbacks.problem('a quote is never closed');
  }

  /**
   * The body of an expanding heredoc: like the inside of double quotes, but a `"` is just a
   * character. The body runs from `pos` to `end`.
   */
  readHeredocBody(end: number): WordBuilder {
    const word = new WordBuilder(this.pos);
    while (this.pos < end) {
      const c = this.at();
      if (c === '\\' && '$`\\\n'.includes(this.at(1))) {
        if (this.at(1) !== '\n') word.text(this.at(1), true);
        this.pos += 2;
      } else if (c === '`') {
        this.readCommandSubstitution(word, 1, '`', true);
      } else if (c === '$') {
        this.readDollar(word, true);
      } else {
        word.text(c, true);
        this.pos++;
      }
    }
    return word;
  }

  private readDollar(word: WordBuilder, inDoubleQuotes: boolean): void {
    const next = this.at(1);
    if (next === '(' && this.at(2) === '(') return this.readArithmetic(word, inDoubleQuotes);
    if (next === '(') return this.readCommandSubstitution(word, 2, ')', inDoubleQuotes);
    if (next === '{') return this.readParameterBraces(word, inDoubleQuotes);
    if (next === '[') return this.readOldArithmetic(word, inDoubleQuotes);
    if (next === "'" && !inDoubleQuotes) return word.text(decodeAnsiC(this.readAnsiCBody()), true);
    if (next === '"' && !inDoubleQuotes) {
      // `$"…"` is a translated string: for us, double quotes.
      this.pos++;
      return this.readDoubleQuoted(word);
    }
    const start = this.pos;
    if (NAME_START.test(next)) {
      this.pos++;
      while (this.pos < this.src.length && NAME_CHAR.test(this.at())) this.pos++;
      return word.add({ kind: 'param', raw: this.src.slice(start, this.pos), quoted: inDoubleQuotes });
    }
    if (next !== '' && SPECIAL_PARAM.test(next)) {
      this.pos += 2;
      return word.add({ kind: 'param', raw: this.src.slice(start, this.pos), quoted: inDoubleQuotes });
    }
    word.text('$', inDoubleQuotes);
    this.pos++;
  }

  readCommandSubstitution(word: WordBuilder, skip: number, closer: ')' | '`', quoted: boolean): void {
    const start = this.pos;
    this.pos += skip;
    const output = this.callbacks.parseSubstitution(closer, false);
    const raw = this.src.slice(start, this.pos);
    word.add(output === undefined ? { kind: 'command', raw, quoted } : { kind: 'command', raw, quoted, output });
  }

  /** `<(…)` and `>(…)`: what `>(…)` reads is the outer command's output, unknown to us. */
  readProcessSubstitution(word: WordBuilder): void {
    const start = this.pos;
    const feedsInner = this.at() === '>';
    this.pos += 2;
    this.callbacks.parseSubstitution(')', feedsInner);
    word.add({ kind: 'process', raw: this.src.slice(start, this.pos) });
  }

  /**
   * `$((…))`. Commands inside (`$((a[$(id)]))`) are parsed; a variable name counts as code,
   * since bash evaluates a variable's value as an expression, array subscripts included.
   */
  private readArithmetic(word: WordBuilder, quoted: boolean): void {
    const start = this.pos;
    this.pos += 3;
    let depth = 2;
    let names = false;
    while (this.pos < this.src.length && depth > 0) {
      const c = this.at();
      if (c === '$' && this.at(1) === '(' && this.at(2) !== '(') {
        this.readCommandSubstitution(new WordBuilder(this.pos), 2, ')', true);
        names = true;
        continue;
      }
      if (c === '`') {
        this.readCommandSubstitution(new WordBuilder(this.pos), 1, '`', true);
        names = true;
        continue;
      }
      if (NAME_START.test(c)) names = true;
      if (c === '(') depth++;
      if (c === ')') depth--;
      this.pos++;
    }
    if (depth > 0) this.callbacks.problem('an arithmetic expansion is never closed');
    word.add({ kind: 'arith', raw: this.src.slice(start, this.pos), quoted, names });
  }

  /** `$[…]`, bash's old arithmetic syntax. */
  private readOldArithmetic(word: WordBuilder, quoted: boolean): void {
    const start = this.pos;
    const end = this.src.indexOf(']', this.pos);
    this.pos = end < 0 ? this.src.length : end + 1;
    if (end < 0) this.callbacks.problem('an arithmetic expansion is never closed');
    word.add({ kind: 'arith', raw: this.src.slice(start, this.pos), quoted, names: true });
  }

  /**
   * `${…}`: kept whole, with substitutions inside parsed so they cannot hide. `${x@P}` expands
   * prompt escapes, which run command substitutions held in the value: it counts as one.
   */
  private readParameterBraces(word: WordBuilder, quoted: boolean): void {
    const start = this.pos;
    this.pos += 2;
    let depth = 1;
    let runsCode = false;
    while (this.pos < this.src.length && depth > 0) {
      const c = this.at();
      if (c === '\\') {
        this.pos += 2;
      } else if (c === "'") {
        this.readSingleQuoted();
      } else if (c === '"') {
        this.readDoubleQuoted(new WordBuilder(this.pos));
      } else if (c === '`' || (c === '$' && this.at(1) === '(')) {
        this.readCommandSubstitution(new WordBuilder(this.pos), c === '`' ? 1 : 2, c === '`' ? '`' : ')', true);
        runsCode = true;
      } else if (c === '$' && this.at(1) === '{') {
        depth++;
        this.pos += 2;
      } else {
        if (c === '@' && this.at(1) === 'P') runsCode = true;
        if (c === '}') depth--;
        this.pos++;
      }
    }
    if (depth > 0) this.callbacks.problem('a ${…} expansion is never closed');
    const raw = this.src.slice(start, this.pos);
    word.add(runsCode ? { kind: 'command', raw, quoted } : { kind: 'param', raw, quoted });
  }
}
