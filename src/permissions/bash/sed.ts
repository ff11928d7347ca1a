// `sed` only reads when its script only prints, deletes, substitutes and moves between lines:
// `sed -n 1p f` runs without a question. Scripts that write (`w`, the `w` flag, `-i`), run
// commands (`e`, the `e` flag) or read other files (`r`, `R`) do not, and neither does a script
// this checker cannot read (it refuses rather than guesses).
import type { ExpandedWord } from './parse/expand.js';
import { optionValues, scanArgs, type OptionSpec } from './options.js';
import type { Read, ReaderVerdict } from './readers.js';

const SED_OPTIONS: OptionSpec = {
  shortValues: 'efl',
  longValues: ['expression', 'file', 'line-length'],
  unsafeShort: 'i',
  unsafeLong: ['in-place'],
  longFlags: ['quiet', 'silent', 'regexp-extended', 'separate', 'null-data', 'unbuffered', 'posix', 'debug', 'sandbox', 'follow-symlinks'],
};

const SIMPLE_COMMANDS = new Set(['p', 'P', 'l', '=', 'd', 'D', 'n', 'N', 'g', 'G', 'h', 'H', 'x', 'z', 'F', 'q', 'Q']);
const SAFE_S_FLAGS = /^[gpiImM0-9]*$/;

class SedScript {
  pos = 0;
  constructor(private readonly src: string) {}

  private peek(): string {
    return this.src[this.pos] ?? '';
  }

  private skip(chars: RegExp): void {
    while (this.pos < this.src.length && chars.test(this.peek())) this.pos++;
  }

  /** Reads up to an unescaped `delimiter`, honouring `[…]` in regular expressions. */
  private delimited(delimiter: string, regex: boolean): boolean {
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (c === '\\') {
        this.pos += 2;
        continue;
      }
      if (c === delimiter) {
        this.pos++;
        return true;
      }
      if (regex && c === '[') {
        this.pos++;
        if (this.peek() === '^') this.pos++;
        if (this.peek() === ']') this.pos++;
        while (this.pos < this.src.length && this.peek() !== ']') this.pos++;
      }
      if (c === '\n' && !regex) return false;
      this.pos++;
    }
    return false;
  }

  private address(): boolean {
    const c = this.peek();
    if (/\d/.test(c)) {
      this.skip(/\d/);
      if (this.peek() === '~') {
        this.pos++;
        this.skip(/\d/);
      }
      return true;
    }
    if (c === '$') {
      this.pos++;
      return true;
    }
    if (c === '/' || c === '\\') {
      const delimiter = c === '\\' ? this.src[this.pos + 1] ?? '' : '/';
      this.pos += c === '\\' ? 2 : 1;
      if (!this.delimited(delimiter, true)) return false;
      this.skip(/[IM]/);
      return true;
    }
    return true;
  }

  private label(): void {
    this.skip(/[ \t]/);
    while (this.pos < this.src.length && this.peek() !== ';' && this.peek() !== '\n') this.pos++;
  }

  /** Undefined when every command is one that only reads; otherwise the offending command. */
  firstUnsafe(): string | undefined {
    while (this.pos < this.src.length) {
      this.skip(/[\s;]/);
      if (this.pos >= this.src.length) return undefined;
      if (this.peek() === '#') {
        while (this.pos < this.src.length && this.peek() !== '\n') this.pos++;
        continue;
      }
      if (this.peek() === '}') {
        this.pos++;
        continue;
      }
      if (!this.address()) return 'an unterminated address';
      if (this.peek() === ',') {
        this.pos++;
        if (this.peek() === '+' || this.peek() === '~') this.pos++;
        if (!this.address()) return 'an unterminated address';
      }
      this.skip(/[ \t!]/);
      const command = this.peek();
      this.pos++;
      if (command === '{') continue;
      if (SIMPLE_COMMANDS.has(command)) {
        this.skip(/[ \t]/);
        this.skip(/\d/);
        continue;
      }
      if (command === ':' || command === 'b' || command === 't' || command === 'T') {
        this.label();
        continue;
      }
      if (command === 's' || command === 'y') {
        const delimiter = this.peek();
        if (delimiter === '' || delimiter === '\n' || delimiter === '\\') return `${command} without a delimiter`;
        this.pos++;
        if (!this.delimited(delimiter, command === 's') || !this.delimited(delimiter, false)) return `an unterminated ${command} command`;
        const flagsStart = this.pos;
        while (this.pos < this.src.length && !/[\s;}]/.test(this.peek())) this.pos++;
        const flags = this.src.slice(flagsStart, this.pos);
        if (command === 's' && !SAFE_S_FLAGS.test(flags)) return `the s flag ${flags} (it writes a file or runs a command)`;
        continue;
      }
      return `the ${command} command`;
    }
    return undefined;
  }
}

/** The files sed reads (and with -i rewrites), whatever its script does. */
export function sedFiles(args: readonly ExpandedWord[]): ExpandedWord[] {
  const scanned = scanArgs(args, SED_OPTIONS);
  const files = optionValues(scanned, ['-e', '--expression', '-f', '--file']).length > 0 ? scanned.operands : scanned.operands.slice(1);
  return files.filter((word) => word.text !== '-');
}

/** Whether `sed` with these arguments only reads, and which files. */
export function sedVerdict(args: readonly ExpandedWord[]): ReaderVerdict {
  const scanned = scanArgs(args, SED_OPTIONS);
  if (scanned.unsafe.length > 0) return { readOnly: false, why: 'sed -i changes files', unsafe: scanned.unsafe };
  if (scanned.unknown.length > 0) return { readOnly: false, why: "an expansion in sed's arguments could be a script that writes", unsafe: [] };
  if (optionValues(scanned, ['-f', '--file']).length > 0) return { readOnly: false, why: 'sed -f runs a script from a file', unsafe: ['-f'] };
  const expressions = optionValues(scanned, ['-e', '--expression']);
  const scripts = expressions.length > 0 ? expressions : scanned.operands.slice(0, 1);
  const files = expressions.length > 0 ? scanned.operands : scanned.operands.slice(1);
  if (scripts.length === 0) return { readOnly: false, why: 'sed without a script', unsafe: [] };
  for (const script of scripts) {
    const unsafe = new SedScript(script.text).firstUnsafe();
    if (unsafe !== undefined) return { readOnly: false, why: `sed's script uses ${unsafe}`, unsafe: [] };
  }
  return { readOnly: true, reads: files.filter((word) => word.text !== '-').map((word): Read => ({ word, scope: 'file' })) };
}
