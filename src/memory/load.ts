// Loads the memory files that apply to a working directory, imports expanded.
import { parseFrontmatter } from '../utils/frontmatter.js';
import { memoryCandidates, type MemoryCandidate, type MemoryType } from './discover.js';
import { expandImports } from './imports.js';
import { readMemoryText, type TextFile } from './readText.js';

export type MemoryFile = { path: string; type: MemoryType; content: string };

export type LoadMemoryOptions = {
  cwd: string;
  /**
   * Accepted for callers that already know it; discovery walks from the filesystem root to cwd
   * either way, so folders above the project root contribute too.
   */
  projectRoot?: string;
};

export async function loadMemoryFiles(options: LoadMemoryOptions): Promise<MemoryFile[]> {
  const files: MemoryFile[] = [];
  // Real paths already used, so a file reached twice (a symlink, the user folder inside the
  // walked path, or an AGENTS.md that CLAUDE.md already imports) appears once.
  const used = new Set<string>();
  const candidates = await memoryCandidates(options.cwd);
  // Most candidates do not exist: asking about all of them at once keeps start-up from waiting
  // on each in turn. They are still taken in order, so which copy wins stays the same.
  const reads = await Promise.all(candidates.map((candidate) => readMemoryText(candidate.path)));
  for (const [index, candidate] of candidates.entries()) {
    const file = await loadCandidate(candidate, reads[index], used);
    if (file) files.push(file);
  }
  return files;
}

async function loadCandidate(
  candidate: MemoryCandidate,
  read: TextFile | undefined,
  used: Set<string>,
): Promise<MemoryFile | undefined> {
  if (!read || used.has(read.realPath)) return undefined;
  used.add(read.realPath);
  const body = candidate.isRule ? unscopedRuleBody(read.text) : read.text;
  if (body === undefined) return undefined;
  const content = (await expandImports(body, candidate.path, { chain: [read.realPath], depth: 1, imported: used })).trim();
  if (!content) return undefined;
  return { path: candidate.path, type: candidate.type, content };
}

/** A rule's text without its frontmatter, or undefined when `paths:` scopes it to some files. */
function unscopedRuleBody(text: string): string | undefined {
  try {
    const parsed = parseFrontmatter(text);
    const paths: unknown = parsed.data.paths;
    const scoped = Array.isArray(paths) ? paths.length > 0 : typeof paths === 'string' && paths.trim() !== '';
    return scoped ? undefined : parsed.body;
  } catch {
    // Frontmatter that cannot be read at all: keep the whole text rather than lose the rule.
    return text;
  }
}

/** The memory files as they are now, for reports (/context, the SDK's context usage): none on error. */
export async function currentMemoryFiles(cwd: string): Promise<MemoryFile[]> {
  try {
    return await loadMemoryFiles({ cwd });
  } catch {
    return [];
  }
}
