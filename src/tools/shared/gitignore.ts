// .gitignore support for Glob and the built-in Grep: the rules in the search root, in its
// ancestors up to the repository root, and in nested folders, applied the way git layers them
// (deeper files override shallower ones, a later `!rule` re-includes).
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

type RuleFile = { dir: string; rules: Ignore; lines: string[] };

export class GitignoreRules {
  private constructor(
    private readonly root: string,
    private ruleFiles: RuleFile[],
  ) {}

  /** Rules from `root` and, inside a git repository, every folder up to the repository root. */
  static async forRoot(root: string): Promise<GitignoreRules> {
    const dirs = await dirsUpToRepoRoot(root);
    const loaded = await Promise.all(dirs.map((dir) => loadRuleFile(join(dir, '.gitignore'))));
    const ruleFiles = loaded.filter((file): file is RuleFile => file !== undefined).reverse();
    const rules = new GitignoreRules(root, ruleFiles);
    // Searching inside an ignored folder on purpose (dist/, a vendored tree) should find its files.
    if (rules.isIgnored(`${root}${sep}`)) rules.ruleFiles = ruleFiles.filter((file) => file.dir === root);
    return rules;
  }

  /** Adds .gitignore files found below the root during a walk. */
  async addNested(gitignorePaths: readonly string[]): Promise<void> {
    const known = new Set(this.ruleFiles.map((file) => file.dir));
    const fresh = gitignorePaths.filter((path) => !known.has(dirname(path)));
    const loaded = await Promise.all(fresh.map(loadRuleFile));
    const added = loaded.filter((file): file is RuleFile => file !== undefined);
    // Shallow first, so deeper rules get the last word in isIgnored.
    this.ruleFiles = [...this.ruleFiles, ...added].sort((a, b) => a.dir.length - b.dir.length);
  }

  /** A trailing separator marks a directory, for rules like `dist/`. */
  isIgnored(absPath: string): boolean {
    let ignored = false;
    for (const file of this.ruleFiles) {
      const rel = relative(file.dir, absPath);
      if (rel === '' || rel.startsWith('..')) continue;
      const asDir = absPath.endsWith(sep) ? '/' : '';
      const verdict = file.rules.test(rel.split(sep).join('/') + asDir);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  /**
   * fast-glob `ignore` globs for rules simple enough to translate exactly, so the walk skips
   * big ignored folders (dist/, target/) instead of listing them and filtering afterwards.
   * Files with any `!` rule are left out: a re-include could live inside a pruned folder.
   */
  pruneGlobs(): string[] {
    const globs: string[] = [];
    for (const file of this.ruleFiles) {
      if (file.lines.some((line) => line.startsWith('!'))) continue;
      const atRoot = file.dir === this.root;
      for (const line of file.lines) {
        const glob = pruneGlobFor(line, atRoot);
        if (glob) globs.push(glob);
      }
    }
    return globs;
  }
}

function pruneGlobFor(line: string, atRoot: boolean): string | undefined {
  const anchored = line.startsWith('/');
  const name = line.replace(/^\//, '').replace(/\/$/, '');
  if (!/^[\w.@-]+$/.test(name) || name === '.' || name === '..') return undefined;
  if (anchored) return atRoot ? `${name}/**` : undefined;
  return `**/${name}/**`;
}

async function loadRuleFile(path: string): Promise<RuleFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return { dir: dirname(path), rules: ignore().add(lines), lines };
}

/** `root` alone outside a repository; `root` and its ancestors up to the repository root inside one. */
async function dirsUpToRepoRoot(root: string): Promise<string[]> {
  const dirs: string[] = [];
  for (let dir = root; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (await exists(join(dir, '.git'))) return dirs;
    if (dirname(dir) === dir) return [root];
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
