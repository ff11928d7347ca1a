import { GLOB_RESULT_LIMIT } from './findFiles.js';

export const GLOB_DESCRIPTION = 'Find files by name with a glob pattern.';

export function globPrompt(): string {
  return `Finds files whose paths match a glob pattern, at any size of codebase.

How to use it:
- Patterns use glob syntax: "**/*.ts" for every TypeScript file, "src/**/*.{js,jsx}", "**/README*". A pattern without a slash ("*.md") matches only directly in the search folder.
- The pattern is matched below path when you give one (an absolute directory), otherwise below the current working directory.
- Results are absolute paths of files (not directories), most recently modified first, at most ${GLOB_RESULT_LIMIT}. When more match, the result says how many, and shows the ${GLOB_RESULT_LIMIT} nearest the search folder: narrow the pattern or the path to see others.
- Hidden files are included. Files ignored by .gitignore, and anything inside .git or node_modules, are skipped unless the pattern names the folder (e.g. "node_modules/react/**" or "dist/**"); use Bash find for other ignored files.
- A name that is not valid UTF-8 (or holds control characters) is shown as inside Bash's $'…' quoting (each odd byte as \\xHH, a backslash as \\\\, a single quote as \\'): use it in Bash as $'that name'.
- To search file contents, use Grep. For open-ended exploration that needs many searches, consider delegating to an agent.
- Several independent searches can be made in the same turn: they run in parallel.`;
}
