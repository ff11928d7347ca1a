// The search both engines run, and the raw results they hand back for pagination and formatting.

export type GrepMode = 'content' | 'files_with_matches' | 'count';

export type GrepQuery = {
  pattern: string;
  /** Absolute file or directory to search. */
  searchPath: string;
  mode: GrepMode;
  /** rg-style globs; a leading `!` excludes. */
  globs: string[];
  type?: string;
  caseInsensitive: boolean;
  lineNumbers: boolean;
  before: number;
  after: number;
  multiline: boolean;
  signal?: AbortSignal;
};

/**
 * files: matching files, any order. count: `path:N` pairs. content: printable lines
 * (`path:N:text` for matches, `path-N-text` for context, `--` between groups).
 */
export type RawGrepResult =
  | { mode: 'files_with_matches'; files: string[] }
  | { mode: 'count'; counts: { path: string; count: number }[] }
  | { mode: 'content'; lines: string[] };

export const VCS_DIRS = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] as const;

export const MAX_COLUMNS = 500;
