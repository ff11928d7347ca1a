// Commands that create, change or remove files, with the files they write and read. acceptEdits
// runs the everyday ones (mkdir, touch, cp, mv, sed -i; never rm) when every file stays inside the
// working directories; Edit rules and protected paths apply to all of them.
import type { ExpandedWord } from './parse/expand.js';
import { optionValues, scanArgs, type OptionSpec } from './options.js';
import { sedFiles, sedVerdict } from './sed.js';

export type WriterVerdict = {
  writes: ExpandedWord[];
  reads: ExpandedWord[];
  /** acceptEdits may run it without asking (the paths still have to pass). */
  everyday: boolean;
};

type Layout = 'all-write' | 'sources-then-target' | 'moves' | 'mode-then-targets';

type WriterSpec = { options: OptionSpec; layout: Layout; everyday: boolean; readOptions?: string[]; targetOptions?: string[] };

const COPY_OPTIONS: OptionSpec = {
  shortValues: 'tS',
  longValues: ['target-directory', 'suffix', 'backup', 'reply', 'sparse', 'preserve', 'no-preserve', 'reflink', 'context'],
};

const SPECS: Record<string, WriterSpec> = {
  mkdir: { options: { shortValues: 'm', longValues: ['mode', 'context'] }, layout: 'all-write', everyday: true },
  touch: { options: { shortValues: 'drt', longValues: ['date', 'reference', 'time'] }, layout: 'all-write', everyday: true, readOptions: ['-r', '--reference'] },
  cp: { options: COPY_OPTIONS, layout: 'sources-then-target', everyday: true, targetOptions: ['-t', '--target-directory'] },
  mv: { options: COPY_OPTIONS, layout: 'moves', everyday: true, targetOptions: ['-t', '--target-directory'] },
  install: { options: { ...COPY_OPTIONS, shortValues: 'tSmogC' }, layout: 'sources-then-target', everyday: false, targetOptions: ['-t', '--target-directory'] },
  ln: { options: { shortValues: 'tS', longValues: ['target-directory', 'suffix', 'backup'] }, layout: 'sources-then-target', everyday: false, targetOptions: ['-t', '--target-directory'] },
  rm: { options: {}, layout: 'all-write', everyday: false },
  rmdir: { options: {}, layout: 'all-write', everyday: false },
  unlink: { options: {}, layout: 'all-write', everyday: false },
  shred: { options: { shortValues: 'ns', longValues: ['iterations', 'size', 'random-source'] }, layout: 'all-write', everyday: false },
  tee: { options: {}, layout: 'all-write', everyday: false },
  truncate: { options: { shortValues: 'sr', longValues: ['size', 'reference'] }, layout: 'all-write', everyday: false, readOptions: ['-r', '--reference'] },
  chmod: { options: { longValues: ['reference'] }, layout: 'mode-then-targets', everyday: false },
  chown: { options: { longValues: ['reference', 'from'] }, layout: 'mode-then-targets', everyday: false },
  chgrp: { options: { longValues: ['reference'] }, layout: 'mode-then-targets', everyday: false },
};

/** `dd if=… of=…`. */
function ddVerdict(args: readonly ExpandedWord[]): WriterVerdict {
  const valueOf = (key: string): ExpandedWord[] =>
    args.filter((arg) => arg.text.startsWith(`${key}=`)).map((arg) => ({ ...arg, text: arg.text.slice(key.length + 1) }));
  return { writes: valueOf('of'), reads: valueOf('if'), everyday: false };
}

/** `sed -i script files`: an edit of those files when the script itself only edits text. */
function sedInPlace(args: readonly ExpandedWord[]): WriterVerdict | undefined {
  const inPlace = args.findIndex((arg) => /^-[^-]*i/.test(arg.text) || arg.text.startsWith('--in-place'));
  if (inPlace < 0) return undefined;
  const rest = args.filter((_, index) => index !== inPlace);
  // An attached suffix (`-i.bak`) writes a backup beside each file: still inside the same folder.
  const files = sedFiles(rest);
  return { writes: files, reads: files, everyday: sedVerdict(rest).readOnly };
}

/** The files a known writer touches; undefined for other programs. */
export function writerVerdict(name: string, args: readonly ExpandedWord[]): WriterVerdict | undefined {
  if (name === 'dd') return ddVerdict(args);
  if (name === 'sed') return sedInPlace(args);
  const spec = SPECS[name];
  if (!spec) return undefined;
  const scanned = scanArgs(args, spec.options);
  const base = { reads: optionValues(scanned, spec.readOptions ?? []), everyday: spec.everyday && scanned.unknown.length === 0 };
  const operands = scanned.operands;
  const targets = optionValues(scanned, spec.targetOptions ?? []);
  if (spec.layout === 'all-write') return { ...base, writes: operands };
  if (spec.layout === 'mode-then-targets') {
    return { ...base, writes: optionValues(scanned, ['--reference']).length > 0 ? operands : operands.slice(1) };
  }
  const sources = targets.length > 0 ? operands : operands.slice(0, -1);
  const destination = targets.length > 0 ? targets : operands.slice(-1);
  if (spec.layout === 'moves') return { ...base, writes: [...sources, ...destination] };
  return { ...base, reads: [...base.reads, ...sources], writes: destination };
}
