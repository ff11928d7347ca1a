// `@path` in a command file inlines that file (relative to the working directory): its text is
// added after the prompt, each file once. References inside code fences or spans, to missing
// files, to folders or to very large files are left as written.
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';

const FILE_REFERENCE = /(^|\s)@([^\s`]+)/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;
const MAX_INLINE_BYTES = 256 * 1024;

/** Every `@reference` outside code, in order of appearance, without duplicates. */
export function fileReferencesIn(text: string): string[] {
  const found: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(FILE_REFERENCE)) {
      const reference = match[2] ?? '';
      if (!found.includes(reference)) found.push(reference);
    }
  }
  return found;
}

async function readableFile(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_INLINE_BYTES) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function resolveReference(reference: string, cwd: string): Promise<{ path: string; text: string } | undefined> {
  for (const candidate of [reference, reference.replace(TRAILING_PUNCTUATION, '')]) {
    if (candidate === '') continue;
    const path = isAbsolute(candidate) ? candidate : resolve(cwd, candidate);
    const text = await readableFile(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

export async function inlineFileReferences(text: string, cwd: string): Promise<string> {
  const sections: string[] = [];
  const seen = new Set<string>();
  for (const reference of fileReferencesIn(text)) {
    const file = await resolveReference(reference, cwd);
    if (!file || seen.has(file.path)) continue;
    seen.add(file.path);
    const shown = relative(cwd, file.path).startsWith('..') ? file.path : relative(cwd, file.path);
    sections.push(`<file path="${shown}">\n${file.text.replace(/\n$/, '')}\n</file>`);
  }
  if (sections.length === 0) return text;
  return `${text.trimEnd()}\n\n${sections.join('\n\n')}`;
}
