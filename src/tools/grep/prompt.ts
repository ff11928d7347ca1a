export const GREP_DESCRIPTION = 'Search file contents with regular expressions (ripgrep).';

export function grepPrompt(): string {
  return `Searches the contents of files with a regular expression, using ripgrep.

How to use it:
- Always use this tool for content searches; do not run grep or rg through Bash. It is fast, respects .gitignore, searches hidden files, and skips version-control folders.
- pattern is a ripgrep regular expression ("log.*Error", "function\\s+\\w+"). Literal braces and other special characters need escaping: search "interface\\{\\}" to find "interface{}".
- Narrow the search with path (a file or directory), glob ("*.ts", "*.{ts,tsx}", "!*.test.ts") or type ("js", "py", "rust"; more efficient than glob for standard types).
- output_mode chooses what comes back:
  - "files_with_matches" (default): the paths of matching files, most recently modified first.
  - "content": the matching lines as path:line:text. Add -A, -B or -C for lines of context after, before or around each match; -n (line numbers) is on by default.
  - "count": how many lines match in each file.
- -i makes the search case-insensitive.
- Patterns match within single lines. To match across lines (e.g. "struct \\{[\\s\\S]*?field"), set multiline to true; "." then matches newlines too.
- head_limit caps the results (lines, files or counts; default 250, 0 for no cap) and offset skips the first results, so you can page through long output.
- For open-ended searches that may take several rounds, consider delegating to an agent.`;
}
