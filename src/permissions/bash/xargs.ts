// xargs's command line as GNU xargs reads it: its options (short clusters, long names with `=` or
// a separate value, abbreviations), the command it runs, and the files it reads its arguments
// from (`-a file`, `--arg-file=file`), which Read rules must see as `cat file` would be seen.
import type { ExpandedWord } from './parse/expand.js';
import { canonicalLong } from './options.js';

export type XargsOption = { name: string; written: string; value?: ExpandedWord };
export type XargsLine = { options: XargsOption[]; command: ExpandedWord[]; argFiles: ExpandedWord[] };

/** Short options and their long names; those in VALUE take a value, those in OPTIONAL only an attached one. */
const SHORT: Readonly<Record<string, string>> = {
  '0': 'null', a: 'arg-file', d: 'delimiter', E: 'eof', e: 'eof', I: 'replace', i: 'replace', L: 'max-lines', l: 'max-lines',
  n: 'max-args', o: 'open-tty', p: 'interactive', P: 'max-procs', r: 'no-run-if-empty', s: 'max-chars', t: 'verbose', x: 'exit',
};
const SHORT_VALUE = new Set(['a', 'd', 'E', 'I', 'L', 'n', 'P', 's']);
const SHORT_OPTIONAL = new Set(['e', 'i', 'l']);
const LONG_VALUE = ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'];
const LONG_OPTIONAL = ['eof', 'replace', 'max-lines'];
const LONG = [...LONG_VALUE, ...LONG_OPTIONAL, 'null', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits', 'help', 'version'];

const part = (word: ExpandedWord, text: string): ExpandedWord => ({ ...word, text });

/** Reads `-ab`, `-a b` and `-ab c` clusters from `index`; returns the options and the words used. */
function shortCluster(args: readonly ExpandedWord[], index: number): { options: XargsOption[]; used: number } {
  const word = args[index] as ExpandedWord;
  const options: XargsOption[] = [];
  for (let at = 1; at < word.text.length; at++) {
    const letter = word.text[at] as string;
    const name = SHORT[letter] ?? letter;
    const rest = word.text.slice(at + 1);
    if (SHORT_VALUE.has(letter)) {
      const value = rest !== '' ? part(word, rest) : args[index + 1];
      options.push({ name, written: `-${letter}`, ...(value ? { value } : {}) });
      return { options, used: rest !== '' ? 1 : 2 };
    }
    if (SHORT_OPTIONAL.has(letter)) {
      options.push({ name, written: `-${letter}`, ...(rest !== '' ? { value: part(word, rest) } : {}) });
      return { options, used: 1 };
    }
    options.push({ name, written: `-${letter}` });
  }
  return { options, used: 1 };
}

export function parseXargs(args: readonly ExpandedWord[]): XargsLine {
  const options: XargsOption[] = [];
  let index = 0;
  while (index < args.length) {
    const word = args[index] as ExpandedWord;
    if (word.text === '--') {
      index++;
      break;
    }
    if (!word.text.startsWith('-') || word.text === '-') break;
    if (word.text.startsWith('--')) {
      const equals = word.text.indexOf('=');
      const written = equals === -1 ? word.text.slice(2) : word.text.slice(2, equals);
      const name = canonicalLong(written, LONG);
      const attached = equals === -1 ? undefined : part(word, word.text.slice(equals + 1));
      const value = attached ?? (LONG_VALUE.includes(name) ? args[index + 1] : undefined);
      options.push({ name, written: `--${written}`, ...(value ? { value } : {}) });
      index += attached === undefined && LONG_VALUE.includes(name) ? 2 : 1;
      continue;
    }
    const cluster = shortCluster(args, index);
    options.push(...cluster.options);
    index += cluster.used;
  }
  const argFiles = options.flatMap((option) => (option.name === 'arg-file' && option.value ? [option.value] : []));
  return { options, command: args.slice(index), argFiles };
}
