// Memory that arrives as the session goes: rules scoped with `paths:` once a matching file is
// touched, and the CLAUDE.md / AGENTS.md files of folders below the working directory once a
// file inside them is read. Each file is handed out once per session.
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { memoryCandidates, type MemoryCandidate } from './discover.js';
import { expandImports } from './imports.js';
import type { MemoryFile } from './load.js';
import { readMemoryText } from './readText.js';
import { ruleBase, ruleMatches, rulePatterns, type ScopedRule } from './scopedRules.js';

export type NestedMemory = {
  /** Memory that applies to these files and was not handed out before. */
  forFiles(paths: readonly string[]): Promise<MemoryFile[]>;
  /** Everything handed out so far (re-attached after a compaction). */
  loaded(): MemoryFile[];
};

const FOLDER_FILES = ['CLAUDE.md', join('.claude', 'CLAUDE.md'), 'AGENTS.md', join('.claude', 'AGENTS.md'), 'CLAUDE.local.md'];

async function scopedRulesIn(candidates: readonly MemoryCandidate[], projectDir: string): Promise<ScopedRule[]> {
  const rules: ScopedRule[] = [];
  for (const candidate of candidates) {
    if (!candidate.isRule) continue;
    const read = await readMemoryText(candidate.path);
    const patterns = read ? rulePatterns(read.text) : undefined;
    if (patterns) rules.push({ candidate, base: ruleBase(candidate, projectDir), patterns });
  }
  return rules;
}

async function folderRules(dir: string): Promise<MemoryCandidate[]> {
  const rulesDir = join(dir, '.claude', 'rules');
  const entries = await readdir(rulesDir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.md')).sort().map((entry) => ({ path: join(rulesDir, entry), type: 'project', isRule: true }));
}

/** The folders strictly below `cwd` on the way to `filePath`'s folder, outermost first. */
export function foldersBelow(cwd: string, filePath: string): string[] {
  const rel = relative(cwd, dirname(filePath));
  if (rel === '' || rel.startsWith('..') || resolve(cwd, rel) !== dirname(filePath)) return [];
  const parts = rel.split(sep);
  return parts.map((_part, index) => join(cwd, ...parts.slice(0, index + 1)));
}

export function createNestedMemory(options: { cwd: string }): NestedMemory {
  const cwd = resolve(options.cwd);
  const handedOut: MemoryFile[] = [];
  const used = new Set<string>();
  const visitedFolders = new Set<string>();
  let startupRules: Promise<ScopedRule[]> | undefined;
  const folderScoped: ScopedRule[] = [];

  const load = async (candidate: MemoryCandidate, stripFrontmatter: boolean): Promise<MemoryFile | undefined> => {
    const read = await readMemoryText(candidate.path);
    if (!read || used.has(read.realPath)) return undefined;
    used.add(read.realPath);
    const text = stripFrontmatter ? read.text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '') : read.text;
    const content = (await expandImports(text, candidate.path, { chain: [read.realPath], depth: 1, imported: used })).trim();
    return content === '' ? undefined : { path: candidate.path, type: candidate.type, content };
  };

  const newFolderMemory = async (filePath: string): Promise<MemoryFile[]> => {
    const files: MemoryFile[] = [];
    for (const dir of foldersBelow(cwd, filePath)) {
      if (visitedFolders.has(dir)) continue;
      visitedFolders.add(dir);
      for (const name of FOLDER_FILES) {
        const type = name === 'CLAUDE.local.md' ? 'local' : 'project';
        const file = await load({ path: join(dir, name), type, isRule: false }, false);
        if (file) files.push(file);
      }
      for (const rule of await folderRules(dir)) {
        const read = await readMemoryText(rule.path);
        const patterns = read ? rulePatterns(read.text) : undefined;
        if (patterns) folderScoped.push({ candidate: rule, base: dir, patterns });
        else {
          const file = await load(rule, true);
          if (file) files.push(file);
        }
      }
    }
    return files;
  };

  return {
    async forFiles(paths) {
      startupRules ??= memoryCandidates(cwd).then((candidates) => scopedRulesIn(candidates, cwd));
      const rules = await startupRules;
      const files: MemoryFile[] = [];
      for (const path of paths.map((p) => resolve(cwd, p))) {
        files.push(...(await newFolderMemory(path)));
        for (const rule of [...rules, ...folderScoped]) {
          if (!ruleMatches(rule, path)) continue;
          const file = await load(rule.candidate, true);
          if (file) files.push(file);
        }
      }
      handedOut.push(...files);
      return files;
    },
    loaded: () => [...handedOut],
  };
}
