// A small shell tokenizer for permission checks. It does not run or expand anything; it only
// finds where one simple command ends and the next begins, which words each has, and which
// constructs could hide a second command (substitutions, subshells, heredocs). Anything it
// does not understand sets `hasParseError` so callers can fall back to asking.

export type Redirection = {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<<`, `<<-`, `<<<`, `<>`, `>&`, `<&`. */
  op: string;
  /** The explicit descriptor before the operator, e.g. `2` in `2>&1`. */
  fd?: string;
  target: string;
};

export type ParsedCommand = {
  /** The source text of this simple command, trimmed. */
  text: string;
  /** Words after the leading assignments, quotes removed; substitutions kept as raw text. */
  argv: string[];
  /** The same words as written in the source, quotes and escapes kept. */
  rawArgv: string[];
  /** Leading `NAME=value` words, as written. */
  envAssignments: string[];
  redirections: Redirection[];
  /** This command contains `$(…)`, backticks, `<(…)`, `>(…)`, `$((…))` or an expanding heredoc. */
  hasSubstitution: boolean;
  /** Some word uses `$NAME` or `${…}`, so its runtime value is unknown. */
  hasExpansion: boolean;
  /** Some word has an unquoted `*`, `?` or `[`, so file names may become arguments. */
  hasGlob: boolean;
  /** Found inside a substitution or subshell rather than at the top level. */
  nested: boolean;
};

export type SplitResult = {
  /** Every simple command, top level and nested, in source order of their ends. */
  parts: ParsedCommand[];
  hasSubstitution: boolean;
  hasSubshell: boolean;
  /** Unterminated quotes, stray parentheses, function definitions and the like. */
  hasParseError: boolean;
};

const LEADING_KEYWORDS = new Set(['!', '{', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);
const CLOSING_KEYWORDS = new Set(['}', 'fi', 'done', 'esac']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAM = /[@*#?$!0-9-]/;
const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);

type PendingHeredoc = { delimiter: string; stripTabs: boolean; expands: boolean; owner: Builder };

type Builder = {
  start: number;
  end: number;
  words: string[];
  rawWords: string[];
  redirections: Redirection[];
  hasSubstitution: boolean;
  hasExpansion: boolean;
  hasGlob: boolean;
  nested: boolean;
};

type WordState = {
  value: string;
  start: number;
  quoted: boolean;
  hasExpansion: boolean;
  hasSubstitution: boolean;
  hasGlob: boolean;
};

type Closer = ')' | '`' | null;

class Scanner {
  pos = 0;
  readonly parts: ParsedCommand[] = [];
  hasSubstitution = false;
  hasSubshell = false;
  hasParseError = false;
  private depth = 0;
  private pendingHeredocs: PendingHeredoc[] = [];

  constructor(private readonly src: string) {}

  /** Parses commands until `closer` (consumed) or the end of input. */
  parseList(closer: Closer): void {
    let cmd = this.newBuilder();
    let word: WordState | null = null;
    const endWord = (): void => {
      if (!word) return;
      cmd.words.push(word.value);
      cmd.rawWords.push(this.src.slice(word.start, this.pos));
      cmd.hasExpansion ||= word.hasExpansion;
      cmd.hasSubstitution ||= word.hasSubstitution;
      cmd.hasGlob ||= word.hasGlob;
      word = null;
    };
    const endCommand = (): void => {
      endWord();
      this.finish(cmd);
      cmd = this.newBuilder();
    };

    while (this.pos < this.src.length) {
      const c = this.src[this.pos] as string;
      if (closer !== null && c === closer) {
        endCommand();
        this.pos++;
        return;
      }
      if (c === ' ' || c === '\t') {
        endWord();
        this.pos++;
        continue;
      }
      if (c === '\\' && this.src[this.pos + 1] === '\n') {
        this.pos += 2;
        continue;
      }
      if (c === '#' && word === null) {
        this.skipComment();
        continue;
      }
      if (c === '\n') {
        endCommand();
        this.pos++;
        this.consumeHeredocs();
        continue;
      }
      if (c === ';' || c === '|') {
        endCommand();
        this.pos += this.src[this.pos + 1] === c || (c === '|' && this.src[this.pos + 1] === '&') ? 2 : 1;
        continue;
      }
      if (c === '&') {
        const next = this.src[this.pos + 1];
        if (next === '>') {
          endWord();
          if (cmd.start < 0) cmd.start = this.pos;
          this.readRedirection(cmd, undefined);
          continue;
        }
        endCommand();
        this.pos += next === '&' ? 2 : 1;
        continue;
      }
      if (cmd.start < 0) cmd.start = this.pos;
      if ((c === '<' || c === '>') && this.src[this.pos + 1] === '(') {
        word ??= this.newWord();
        word.value += this.readSubstitution(2, ')');
        word.hasSubstitution = true;
        cmd.end = this.pos;
        continue;
      }
      if (c === '<' || c === '>') {
        const fd = this.takeFdPrefix(word);
        if (fd !== undefined) word = null;
        else endWord();
        this.readRedirection(cmd, fd);
        continue;
      }
      if (c === '(') {
        this.readSubshell(cmd, word !== null);
        word = null;
        continue;
      }
      if (c === ')') {
        this.hasParseError = true;
        this.pos++;
        continue;
      }
      word ??= this.newWord();
      this.readWordPiece(word, closer);
      cmd.end = this.pos;
    }
    endCommand();
    if (closer !== null) this.hasParseError = true;
  }

  private newBuilder(): Builder {
    return {
      start: -1,
      end: -1,
      words: [],
      rawWords: [],
      redirections: [],
      hasSubstitution: false,
      hasExpansion: false,
      hasGlob: false,
      nested: this.depth > 0,
    };
  }

  private newWord(): WordState {
    return {
      value: '',
      start: this.pos,
      quoted: false,
      hasExpansion: false,
      hasSubstitution: false,
      hasGlob: false,
    };
  }

  private finish(cmd: Builder): void {
    let index = 0;
    const envAssignments: string[] = [];
    while (index < cmd.rawWords.length && ASSIGNMENT.test(cmd.rawWords[index] as string)) {
      envAssignments.push(cmd.rawWords[index] as string);
      index++;
    }
    let argv = cmd.words.slice(index);
    let rawArgv = cmd.rawWords.slice(index);
    while (argv.length > 0 && LEADING_KEYWORDS.has(rawArgv[0] as string)) {
      argv = argv.slice(1);
      rawArgv = rawArgv.slice(1);
    }
    if (rawArgv.length === 1 && CLOSING_KEYWORDS.has(rawArgv[0] as string)) {
      argv = [];
      rawArgv = [];
    }
    if (argv.length === 0 && envAssignments.length === 0 && cmd.redirections.length === 0) return;
    const text = cmd.start >= 0 ? this.src.slice(cmd.start, Math.max(cmd.end, cmd.start)).trim() : '';
    this.parts.push({
      text,
      argv,
      rawArgv,
      envAssignments,
      redirections: cmd.redirections,
      hasSubstitution: cmd.hasSubstitution,
      hasExpansion: cmd.hasExpansion,
      hasGlob: cmd.hasGlob,
      nested: cmd.nested,
    });
  }

  private skipComment(): void {
    while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
  }

  /** `2>` and friends: a word of digits written right against the operator is its descriptor. */
  private takeFdPrefix(word: WordState | null): string | undefined {
    if (!word || word.quoted || !/^\d+$/.test(word.value)) return undefined;
    if (word.start + word.value.length !== this.pos) return undefined;
    return word.value;
  }

  private readRedirection(cmd: Builder, fd: string | undefined): void {
    const op = this.readRedirectionOperator();
    while (this.src[this.pos] === ' ' || this.src[this.pos] === '\t') this.pos++;
    const target = this.newWord();
    while (this.pos < this.src.length) {
      const c = this.src[this.pos] as string;
      if (c === ' ' || c === '\t' || OPERATOR_CHARS.has(c)) break;
      this.readWordPiece(target, null);
    }
    if (target.value === '' && !target.quoted) this.hasParseError = true;
    cmd.hasSubstitution ||= target.hasSubstitution;
    cmd.hasExpansion ||= target.hasExpansion;
    cmd.redirections.push(fd === undefined ? { op, target: target.value } : { op, fd, target: target.value });
    cmd.end = this.pos;
    if (op === '<<' || op === '<<-') {
      this.pendingHeredocs.push({
        delimiter: target.value,
        stripTabs: op === '<<-',
        expands: !target.quoted,
        owner: cmd,
      });
    }
  }

  private readRedirectionOperator(): string {
    const ops = ['&>>', '&>', '<<<', '<<-', '<<', '<>', '<&', '>>', '>|', '>&', '<', '>'];
    for (const op of ops) {
      if (this.src.startsWith(op, this.pos)) {
        this.pos += op.length;
        return op;
      }
    }
    this.pos++;
    return this.src[this.pos - 1] as string;
  }

  private consumeHeredocs(): void {
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const doc of pending) {
      let closed = false;
      while (this.pos < this.src.length) {
        const lineEnd = this.src.indexOf('\n', this.pos);
        const end = lineEnd < 0 ? this.src.length : lineEnd;
        const line = this.src.slice(this.pos, end);
        this.pos = lineEnd < 0 ? end : end + 1;
        const compared = doc.stripTabs ? line.replace(/^\t+/, '') : line;
        if (compared === doc.delimiter) {
          closed = true;
          break;
        }
        if (doc.expands && /\$\(|`|\$\{/.test(line)) {
          doc.owner.hasSubstitution = true;
          this.hasSubstitution = true;
        }
      }
      if (!closed) this.hasParseError = true;
    }
  }

  private readSubshell(cmd: Builder, insideWord: boolean): void {
    // `f() { …; }`, `echo a(b)` and `(( x << 2 ))` are not plain subshells; we refuse them.
    if (insideWord || cmd.words.length > 0 || this.src[this.pos + 1] === '(') this.hasParseError = true;
    this.hasSubshell = true;
    this.pos++;
    this.depth++;
    this.parseList(')');
    this.depth--;
    cmd.end = this.pos;
  }

  /** Parses `$(…)`, `<(…)`, `` `…` `` etc. starting `skip` chars before the body. */
  private readSubstitution(skip: number, closer: ')' | '`'): string {
    const start = this.pos;
    this.hasSubstitution = true;
    this.pos += skip;
    this.depth++;
    this.parseList(closer);
    this.depth--;
    return this.src.slice(start, this.pos);
  }

  private readWordPiece(word: WordState, closer: Closer): void {
    const c = this.src[this.pos] as string;
    if (c === "'") {
      word.quoted = true;
      word.value += this.readSingleQuoted();
      return;
    }
    if (c === '"') {
      word.quoted = true;
      this.readDoubleQuoted(word);
      return;
    }
    if (c === '\\') {
      word.quoted = true;
      word.value += this.src[this.pos + 1] ?? '';
      this.pos += 2;
      return;
    }
    if (c === '`' && closer !== '`') {
      word.value += this.readSubstitution(1, '`');
      word.hasSubstitution = true;
      return;
    }
    if (c === '$') {
      this.readDollar(word, false);
      return;
    }
    // Brace expansion can produce flags (`{-delete,}`), so it counts as a glob too.
    if (c === '*' || c === '?' || c === '[' || c === '{') word.hasGlob = true;
    word.value += c;
    this.pos++;
  }

  private readSingleQuoted(): string {
    const end = this.src.indexOf("'", this.pos + 1);
    if (end < 0) {
      this.hasParseError = true;
      const rest = this.src.slice(this.pos + 1);
      this.pos = this.src.length;
      return rest;
    }
    const value = this.src.slice(this.pos + 1, end);
    this.pos = end + 1;
    return value;
  }

  private readDoubleQuoted(word: WordState): void {
    this.pos++;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos] as string;
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === '\\') {
        const next = this.src[this.pos + 1] ?? '';
        if (next === '\n') {
          this.pos += 2;
          continue;
        }
        word.value += '$`"\\'.includes(next) ? next : c + next;
        this.pos += 2;
        continue;
      }
      if (c === '`') {
        word.value += this.readSubstitution(1, '`');
        word.hasSubstitution = true;
        continue;
      }
      if (c === '$') {
        this.readDollar(word, true);
        continue;
      }
      word.value += c;
      this.pos++;
    }
    this.hasParseError = true;
  }

  private readDollar(word: WordState, inDoubleQuotes: boolean): void {
    const next = this.src[this.pos + 1] ?? '';
    if (next === '(' && this.src[this.pos + 2] === '(') {
      word.value += this.readArithmetic();
      word.hasSubstitution = true;
      return;
    }
    if (next === '(') {
      word.value += this.readSubstitution(2, ')');
      word.hasSubstitution = true;
      return;
    }
    if (next === '{') {
      this.readBraceExpansion(word);
      return;
    }
    if (next === "'" && !inDoubleQuotes) {
      word.quoted = true;
      this.pos++;
      word.value += this.readAnsiCQuoted();
      return;
    }
    if (NAME_CHAR.test(next) && !/[0-9]/.test(next)) {
      const start = this.pos;
      this.pos++;
      while (this.pos < this.src.length && NAME_CHAR.test(this.src[this.pos] as string)) this.pos++;
      word.value += this.src.slice(start, this.pos);
      word.hasExpansion = true;
      return;
    }
    if (next !== '' && SPECIAL_PARAM.test(next)) {
      word.value += '$' + next;
      word.hasExpansion = true;
      this.pos += 2;
      return;
    }
    word.value += '$';
    this.pos++;
  }

  /**
   * `$((…))`: read as opaque text up to the matching parentheses. It counts as a substitution
   * (array subscripts inside can run commands), and `<<` inside it is a shift, not a heredoc.
   */
  private readArithmetic(): string {
    const start = this.pos;
    this.hasSubstitution = true;
    this.pos += 1;
    let depth = 0;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos] as string;
      this.pos++;
      if (c === '(') depth++;
      if (c === ')' && --depth === 0) return this.src.slice(start, this.pos);
    }
    this.hasParseError = true;
    return this.src.slice(start);
  }

  /** `${…}`: kept raw; substitutions inside it are still parsed so they cannot hide. */
  private readBraceExpansion(word: WordState): void {
    const start = this.pos;
    word.hasExpansion = true;
    this.pos += 2;
    let depth = 1;
    while (this.pos < this.src.length && depth > 0) {
      const c = this.src[this.pos] as string;
      if (c === '\\') {
        this.pos += 2;
      } else if (c === "'") {
        this.readSingleQuoted();
      } else if (c === '"') {
        this.readDoubleQuoted(this.newWord());
      } else if (c === '`') {
        this.readSubstitution(1, '`');
        word.hasSubstitution = true;
      } else if (c === '$' && this.src[this.pos + 1] === '(') {
        this.readSubstitution(2, ')');
        word.hasSubstitution = true;
      } else if (c === '$' && this.src[this.pos + 1] === '{') {
        depth++;
        this.pos += 2;
      } else {
        if (c === '}') depth--;
        this.pos++;
      }
    }
    if (depth > 0) this.hasParseError = true;
    word.value += this.src.slice(start, this.pos);
  }

  private readAnsiCQuoted(): string {
    let value = '';
    this.pos++;
    const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
    while (this.pos < this.src.length) {
      const c = this.src[this.pos] as string;
      if (c === "'") {
        this.pos++;
        return value;
      }
      if (c === '\\') {
        const next = this.src[this.pos + 1] ?? '';
        value += escapes[next] ?? '\\' + next;
        this.pos += 2;
        continue;
      }
      value += c;
      this.pos++;
    }
    this.hasParseError = true;
    return value;
  }
}

export function splitCommand(command: string): SplitResult {
  const scanner = new Scanner(command);
  scanner.parseList(null);
  const hasSubstitution = scanner.hasSubstitution || scanner.parts.some((part) => part.hasSubstitution);
  return {
    parts: scanner.parts,
    hasSubstitution,
    hasSubshell: scanner.hasSubshell,
    hasParseError: scanner.hasParseError,
  };
}

const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/**
 * True when the redirection can create or change a file (descriptor duplication cannot), or
 * opens a network connection through bash's `/dev/tcp` and `/dev/udp`.
 */
export function redirectionWritesFile(redirection: Redirection): boolean {
  const { op, target } = redirection;
  if (/^\/dev\/(tcp|udp)\//.test(target)) return true;
  if (op === '<' || op === '<<' || op === '<<-' || op === '<<<' || op === '<&') return false;
  if (op === '>&' && /^(\d+-?|-)$/.test(target)) return false;
  return !HARMLESS_TARGETS.has(target);
}
