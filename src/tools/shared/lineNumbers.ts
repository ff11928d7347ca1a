// Read shows files as `N<TAB>line`, the compact form of `cat -n`, so the model can cite line
// numbers and still copy the exact text for Edit.

export const MAX_LINE_CHARS = 2000;

export function truncateLongLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  const dropped = line.length - MAX_LINE_CHARS;
  return `${line.slice(0, MAX_LINE_CHARS)}… [line cut: ${dropped} more characters]`;
}

export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  return lines
    .map((line, index) => `${firstLineNumber + index}\t${truncateLongLine(line)}`)
    .join('\n');
}
