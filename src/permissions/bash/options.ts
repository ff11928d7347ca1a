// Command-line options as getopt and git read them: short clusters (`-uo out`), long options
// with `=` or a separate value, `--` ending options, and long-option abbreviations, which GNU
// tools and git accept (`sort --out=f` is `sort --output=f`, `git grep --open` opens a pager).
import type { ExpandedWord } from './parse/expand.js';

export type OptionSpec = {
  /** Short letters that take a value (`-n 5`, `-n5`). */
  shortValues?: string;
  /** Long names (without `--`) that take a value when it is not given with `=`. */
  longValues?: readonly string[];
  /** Short letters that write files, run programs or otherwise make the command not read-only. */
  unsafeShort?: string;
  /** Long names that do the same. */
  unsafeLong?: readonly string[];
  /** Other long names the command knows, so abbreviations resolve to the right one. */
  longFlags?: readonly string[];
  /** Options end at the first operand (bash builtins); GNU tools take them anywhere. */
  optionsFirst?: boolean;
};

export type ScannedOption = {
  /** `-n` or `--max-count` (the full name when an abbreviation was written). */
  name: string;
  value?: ExpandedWord;
};

export type ScannedArgs = {
  operands: ExpandedWord[];
  options: ScannedOption[];
  /** Options as written that make the command unsafe. */
  unsafe: string[];
  /** Words in option position whose value is unknown: they might be any option. */
  unknown: ExpandedWord[];
};

/** The option a possibly abbreviated long name means: exact, else the only one it begins. */
export function canonicalLong(name: string, known: readonly string[]): string {
  if (known.includes(name)) return name;
  const matches = known.filter((candidate) => candidate.startsWith(name));
  return matches.length === 1 ? (matches[0] as string) : name;
}

/** Whether `--name` may be one of `unsafe`: itself, or an abbreviation of one. */
export function mayBeUnsafeLong(name: string, unsafe: readonly string[]): boolean {
  return name !== '' && unsafe.some((candidate) => candidate.startsWith(name));
}

export function scanArgs(args: readonly ExpandedWord[], spec: OptionSpec): ScannedArgs {
  const result: ScannedArgs = { operands: [], options: [], unsafe: [], unknown: [] };
  const shortValues = spec.shortValues ?? '';
  const unsafeShort = spec.unsafeShort ?? '';
  const unsafeLong = spec.unsafeLong ?? [];
  const known = [...(spec.longValues ?? []), ...unsafeLong, ...(spec.longFlags ?? [])];
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as ExpandedWord;
    const value = word.text;
    if (spec.optionsFirst && result.operands.length > 0) {
      result.operands.push(word);
      continue;
    }
    if (!word.exact || (word.glob && /^[-*?[]/.test(value))) {
      // An expansion may be anything, an option included; a glob may match a file named `-delete`.
      result.unknown.push(word);
      result.operands.push(word);
      continue;
    }
    if (value === '--') {
      result.operands.push(...args.slice(index + 1));
      break;
    }
    if (value.startsWith('--')) {
      const equals = value.indexOf('=');
      const written = value.slice(2, equals < 0 ? undefined : equals);
      const name = canonicalLong(written, known);
      if (mayBeUnsafeLong(written, unsafeLong)) result.unsafe.push(value);
      const option: ScannedOption = { name: `--${name}` };
      if (equals >= 0) option.value = { ...word, text: value.slice(equals + 1) };
      else if (spec.longValues?.includes(name) && index + 1 < args.length) option.value = args[++index] as ExpandedWord;
      result.options.push(option);
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      for (let at = 1; at < value.length; at++) {
        const letter = value[at] as string;
        if (unsafeShort.includes(letter)) result.unsafe.push(`-${letter}`);
        if (!shortValues.includes(letter)) {
          result.options.push({ name: `-${letter}` });
          continue;
        }
        const rest = value.slice(at + 1);
        const option: ScannedOption = { name: `-${letter}` };
        if (rest !== '') option.value = { ...word, text: rest };
        else if (index + 1 < args.length) option.value = args[++index] as ExpandedWord;
        result.options.push(option);
        break;
      }
      continue;
    }
    result.operands.push(word);
  }
  return result;
}

/** The values given to any of `names` (`-f x`, `--file=x`). */
export function optionValues(scanned: ScannedArgs, names: readonly string[]): ExpandedWord[] {
  return scanned.options.flatMap((option) => (names.includes(option.name) && option.value ? [option.value] : []));
}

export function hasOption(scanned: ScannedArgs, names: readonly string[]): boolean {
  return scanned.options.some((option) => names.includes(option.name));
}
