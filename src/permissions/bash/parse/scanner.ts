// A shell parser for permission checks. It runs and expands nothing; it finds each simple
// command bash would run (at the top level, in subshells, groups, substitutions and heredoc
// bodies), with its words, redirections and where its stdin comes from. What it cannot follow
// (functions, `case`, unterminated quotes) is reported as a problem, so callers ask instead.
import { decodeWord } from './expand.js';
import type { ParsedScript, Redirect, ShellCommand, Word } from './types.js';
import { WordBuilder, WordReader, type Closer, type ParserCallbacks } from './words.js';

const LEADING_KEYWORDS = new Set(['!', '{', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', 'time']);
const LEADING_KEYWORD_TEXT = /^(?:(?:!|\{|if|then|else|elif|do|while|until|time(?:[ \t]+-p)?)[ \t]+)+/;
const CLOSING_KEYWORDS = new Set(['}', 'fi', 'done', 'esac']);
const UNFOLLOWED_KEYWORDS = new Set(['function', 'case', 'select', 'coproc']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);
const REDIRECT_OPERATORS = ['&>>', '&>', '<<<', '<<-', '<<', '<>', '<&', '>>', '>|', '>&', '<', '>'];

type PendingHeredoc = { redirect: Redirect; delimiter: string; stripTabs: boolean; expands: boolean };

type Builder = {
  start: number;
  end: number;
  words: Word[];
  redirects: Redirect[];
  pipedFrom?: number | 'unknown';
};

/** What the list parser knows about the command just ended, for the next one's stdin. */
type Previous = { index?: number; compound: boolean };

class Scanner extends WordReader {
  readonly commands: ShellCommand[] = [];
  readonly problems: string[] = [];
  private depth = 0;
  private substitutionDepth = 0;
  private pendingHeredocs: PendingHeredoc[] = [];

  constructor(src: string) {
    const callbacks: ParserCallbacks = {
      parseSubstitution: (closer, stdinUnknown) => this.parseNested(closer, true, stdinUnknown),
      problem: (reason) => this.problem(reason),
    };
    super(src, callbacks);
  }

  problem(reason: string): void {
    if (!this.problems.includes(reason)) this.problems.push(reason);
  }

  private parseNested(closer: ')' | '`', substitution: boolean, stdinUnknown: boolean): string | undefined {
    const first = this.commands.length;
    this.depth++;
    if (substitution) this.substitutionDepth++;
    this.parseList(closer, stdinUnknown);
    if (substitution) this.substitutionDepth--;
    this.depth--;
    return substitution ? staticOutput(this.commands.slice(first)) : undefined;
  }

  /** Parses commands until `closer` (consumed) or the end of input. */
  parseList(closer: Closer, stdinUnknown = false): void {
    let cmd = this.newBuilder(stdinUnknown ? 'unknown' : undefined);
    let word: WordBuilder | null = null;
    let previous: Previous = { compound: false };
    const endWord = (): void => {
      if (!word) return;
      cmd.words.push(word.build(this.src.slice(word.start, this.pos)));
      word = null;
    };
    /** Ends the command; with `piped`, the next one reads what this one (or its group) writes. */
    const endCommand = (piped = false): void => {
      endWord();
      const finished = this.finish(cmd);
      if (finished !== 'none') previous = finished === 'compound' ? { compound: true } : { index: finished, compound: false };
      cmd = this.newBuilder(piped ? (previous.compound || previous.index === undefined ? 'unknown' : previous.index) : undefined);
    };

    while (this.pos < this.src.length) {
      const c = this.at();
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
      if (c === '\\' && this.at(1) === '\n') {
        this.pos += 2;
        continue;
      }
      if (c === '#' && word === null) {
        while (this.pos < this.src.length && this.at() !== '\n') this.pos++;
        continue;
      }
      if (c === '\n') {
        endCommand();
        this.pos++;
        this.consumeHeredocs();
        continue;
      }
      if (c === ';' || c === '|' || (c === '&' && this.at(1) !== '>')) {
        endCommand(c === '|' && this.at(1) !== '|');
        this.pos += this.at(1) === c || (c === '|' && this.at(1) === '&') ? 2 : 1;
        if (c === ';' && this.at() === ';') this.problem('a case statement cannot be checked');
        continue;
      }
      if (cmd.start < 0) cmd.start = this.pos;
      if ((c === '<' || c === '>') && this.at(1) === '(') {
        word ??= new WordBuilder(this.pos);
        this.readProcessSubstitution(word);
        cmd.end = this.pos;
        continue;
      }
      if (c === '<' || c === '>' || c === '&') {
        const current: WordBuilder | null = word;
        const fd: string | undefined = c === '&' || current === null ? undefined : current.digits;
        if (fd !== undefined && current?.start === this.pos - fd.length) word = null;
        else endWord();
        this.readRedirect(cmd, fd);
        continue;
      }
      if (c === '(') {
        this.readSubshell(cmd, word !== null);
        word = null;
        previous = { compound: true };
        continue;
      }
      if (c === ')') {
        this.problem('a parenthesis is not opened');
        this.pos++;
        continue;
      }
      word ??= new WordBuilder(this.pos);
      this.readWordPiece(word, closer);
      cmd.end = this.pos;
    }
    endCommand();
    if (closer !== null) this.problem(closer === ')' ? 'a parenthesis is never closed' : 'a backtick is never closed');
  }

  private newBuilder(pipedFrom: number | 'unknown' | undefined): Builder {
    return { start: -1, end: -1, words: [], redirects: [], ...(pipedFrom !== undefined ? { pipedFrom } : {}) };
  }

  /** Records the command; says whether it was a plain command (its index), a closer, or nothing. */
  private finish(cmd: Builder): number | 'compound' | 'none' {
    let index = 0;
    const assignments: Word[] = [];
    while (index < cmd.words.length && ASSIGNMENT.test((cmd.words[index] as Word).raw)) {
      assignments.push(cmd.words[index] as Word);
      index++;
    }
    let words = cmd.words.slice(index);
    while (words.length > 0 && LEADING_KEYWORDS.has((words[0] as Word).raw)) {
      // `time -p cmd`: the option belongs to the keyword.
      words = words.slice((words[0] as Word).raw === 'time' && words[1]?.raw === '-p' ? 2 : 1);
    }
    const closes = words.length > 0 && CLOSING_KEYWORDS.has((words[0] as Word).raw);
    if (closes && words.length === 1) words = [];
    if (closes && words.length > 1) this.problem('a keyword is used as a command');
    const keyword = words[0]?.raw;
    if (keyword !== undefined && UNFOLLOWED_KEYWORDS.has(keyword)) this.problem(`\`${keyword}\` cannot be checked`);
    if (words.length === 0 && assignments.length === 0 && cmd.redirects.length === 0) return closes ? 'compound' : 'none';
    const source = cmd.start >= 0 ? this.src.slice(cmd.start, Math.max(cmd.end, cmd.start)).trim() : '';
    this.commands.push({
      text: source.replace(LEADING_KEYWORD_TEXT, ''),
      assignments,
      words,
      redirects: cmd.redirects,
      nested: this.depth > 0,
      inSubstitution: this.substitutionDepth > 0,
      ...(cmd.pipedFrom !== undefined ? { pipedFrom: cmd.pipedFrom } : {}),
    });
    return closes ? 'compound' : this.commands.length - 1;
  }

  private readRedirect(cmd: Builder, fd: string | undefined): void {
    const op = REDIRECT_OPERATORS.find((candidate) => this.src.startsWith(candidate, this.pos)) ?? this.at();
    this.pos += op.length;
    while (this.at() === ' ' || this.at() === '\t') this.pos++;
    const target = new WordBuilder(this.pos);
    while (this.pos < this.src.length) {
      const c = this.at();
      if (c === ' ' || c === '\t' || OPERATOR_CHARS.has(c)) break;
      this.readWordPiece(target, null);
    }
    const word = target.build(this.src.slice(target.start, this.pos));
    if (word.parts.length === 0) this.problem('a redirection has no target');
    const redirect: Redirect = fd === undefined ? { op, target: word } : { op, fd, target: word };
    cmd.redirects.push(redirect);
    cmd.end = this.pos;
    if (op === '<<' || op === '<<-') {
      // The delimiter is the word after quote removal (`$'E\x4fF'` is `EOF`); quoting any of it
      // stops the body from being expanded.
      this.pendingHeredocs.push({ redirect, delimiter: decodeWord(word), stripTabs: op === '<<-', expands: !target.isQuoted });
    }
  }

  /** Heredoc bodies start on the line after their `<<`; each ends at its delimiter line. */
  private consumeHeredocs(): void {
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const doc of pending) {
      const bodyStart = this.pos;
      let bodyEnd = this.src.length;
      let closed = false;
      while (this.pos < this.src.length) {
        const lineEnd = this.src.indexOf('\n', this.pos);
        const end = lineEnd < 0 ? this.src.length : lineEnd;
        const line = this.src.slice(this.pos, end);
        if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) {
          bodyEnd = this.pos;
          this.pos = lineEnd < 0 ? end : end + 1;
          closed = true;
          break;
        }
        this.pos = lineEnd < 0 ? end : end + 1;
      }
      if (!closed) this.problem('a heredoc is never closed');
      doc.redirect.body = this.heredocBody(bodyStart, bodyEnd, doc);
    }
  }

  private heredocBody(start: number, end: number, doc: PendingHeredoc): Word {
    const raw = this.src.slice(start, end);
    const stripped = doc.stripTabs ? raw.replace(/^\t+/gm, '') : raw;
    if (!doc.expands || !/[$`\\]/.test(raw)) return { raw, parts: [{ kind: 'text', text: stripped, quoted: true }] };
    // Substitutions in an expanding body run: they are parsed where they stand.
    const resume = this.pos;
    this.pos = start;
    const word = this.readHeredocBody(end);
    this.pos = resume;
    return word.build(raw);
  }

  private readSubshell(cmd: Builder, insideWord: boolean): void {
    // `f() { …; }`, `echo a(b)` and `(( x << 2 ))` are not plain subshells.
    if (insideWord || cmd.words.length > 0) this.problem('a function definition or a parenthesis in a word cannot be checked');
    if (this.at(1) === '(') this.problem('an arithmetic command cannot be checked');
    this.pos++;
    this.parseNested(')', false, false);
    cmd.end = this.pos;
  }
}

/**
 * What a substitution prints when that is known without running it: a lone `cat` of a heredoc
 * whose delimiter was quoted. Bash drops the trailing newlines of a substitution's output.
 */
function staticOutput(commands: readonly ShellCommand[]): string | undefined {
  const [only, ...rest] = commands;
  if (!only || rest.length > 0 || only.assignments.length > 0 || only.pipedFrom !== undefined) return undefined;
  const [program, ...args] = only.words;
  const [redirect, ...others] = only.redirects;
  if (program?.raw !== 'cat' || args.length > 0 || others.length > 0 || redirect?.op !== '<<' || !redirect.body) return undefined;
  const [part, ...more] = redirect.body.parts;
  if (part?.kind !== 'text' || more.length > 0) return undefined;
  return part.text.replace(/\n+$/, '');
}

export function parseScript(src: string): ParsedScript {
  const scanner = new Scanner(src);
  scanner.parseList(null);
  return { commands: scanner.commands, problems: scanner.problems };
}
