// `@path` imports: a reference on its own token is replaced by the file's content, except inside
// code spans and fenced code blocks. Missing files are left as written, cycles are broken, and
// nesting stops at MAX_IMPORT_DEPTH.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { homeDir } from '../utils/configDir.js';
import { readMemoryText } from './readText.js';

export const MAX_IMPORT_DEPTH = 5;

const IMPORT_TOKEN = /(^|\s)@((?:[^\s\\]|\\ )+)/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

type ImportState = {
  /** Real paths of the files that led here: a file importing one of its ancestors is a cycle. */
  chain: string[];
  /** 1 for the imports of a top-level memory file. */
  depth: number;
  /** Collects the real path of every file imported, so the caller can avoid loading it again. */
  imported: Set<string>;
};

/** Expands the imports in `text`, which was read from `filePath`. */
export async function expandImports(text: string, filePath: string, state: ImportState): Promise<string> {
  if (state.depth > MAX_IMPORT_DEPTH) return text;
  const lines = text.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (line.includes('@')) lines[index] = await expandLine(line, filePath, state);
  }
  return lines.join('\n');
}

async function expandLine(line: string, filePath: string, state: ImportState): Promise<string> {
  let result = '';
  for (const segment of splitCodeSpans(line)) {
    result += segment.code ? segment.text : await expandProse(segment.text, filePath, state);
  }
  return result;
}

async function expandProse(text: string, filePath: string, state: ImportState): Promise<string> {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(IMPORT_TOKEN)) {
    const [whole, lead = '', reference = ''] = match;
    const imported = await importReference(reference, filePath, state);
    if (imported === undefined) continue;
    result += text.slice(last, match.index) + lead + imported;
    last = match.index + whole.length;
  }
  return result + text.slice(last);
}

/** The expanded text for one `@reference` (plus any punctuation that followed it), or undefined. */
async function importReference(reference: string, filePath: string, state: ImportState): Promise<string | undefined> {
  const written = reference.replace(/\\ /g, ' ');
  let target = resolveReference(written, filePath);
  let trailing = '';
  if (target && !existsSync(target)) {
    const stripped = written.replace(TRAILING_PUNCTUATION, '');
    trailing = written.slice(stripped.length);
    target = stripped ? resolveReference(stripped, filePath) : undefined;
  }
  if (!target) return undefined;
  const file = await readMemoryText(target);
  if (!file || state.chain.includes(file.realPath)) return undefined;
  state.imported.add(file.realPath);
  const expanded = await expandImports(file.text, target, {
    ...state,
    chain: [...state.chain, file.realPath],
    depth: state.depth + 1,
  });
  return expanded.replace(/\n+$/, '') + trailing;
}

function resolveReference(reference: string, filePath: string): string | undefined {
  if (reference.startsWith('~/')) return join(homeDir(), reference.slice(2));
  if (isAbsolute(reference)) return reference;
  if (!/^[\w.\-]/.test(reference)) return undefined;
  return resolve(dirname(filePath), reference);
}

type Segment = { text: string; code: boolean };

/** Splits a line into prose and inline code spans (a run of n backticks closed by a run of n). */
function splitCodeSpans(line: string): Segment[] {
  const segments: Segment[] = [];
  let prose = '';
  let index = 0;
  while (index < line.length) {
    if (line[index] !== '`') {
      prose += line[index];
      index++;
      continue;
    }
    const run = /^`+/.exec(line.slice(index))?.[0] ?? '`';
    const close = findClosingRun(line, index + run.length, run.length);
    if (close === -1) {
      prose += run;
      index += run.length;
      continue;
    }
    if (prose) segments.push({ text: prose, code: false });
    prose = '';
    segments.push({ text: line.slice(index, close + run.length), code: true });
    index = close + run.length;
  }
  if (prose) segments.push({ text: prose, code: false });
  return segments;
}

function findClosingRun(line: string, from: number, length: number): number {
  const pattern = /`+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    if (match[0].length === length) return match.index;
  }
  return -1;
}
