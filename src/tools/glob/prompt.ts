import { GLOB_RESULT_LIMIT } from './findFiles.js';

export const GLOB_DESCRIPTION = 'Find files by name with a glob pattern.';

export function globPrompt(): string {
  return `Finds files whose paths match a glob pattern, at any size of codebase.

How to use it:
- Patterns use glob syntax: "**/*.ts" for every TypeScript file, "src/**/*.{js,jsx}", "**/README*".
- The pattern is matched below path when you give one (an absolute directory), otherwise below the current working directory.
- Results are absolute paths of files (not directories), most recently modified first, at most ${GLOB_RESULT_LIMIT}. If there are more, narrow the pattern.
- Hidden files are included. Files ignored by .gitignore, and anything inside .git or node_modules, are skipped unless the pattern names node_modules; use Bash find for ignored files.
- To search file contents, use Grep. For open-ended exploration that needs many searches, consider delegating to an agent.
- Several independent searches can be made in the same turn: they run in parallel.`;
}
