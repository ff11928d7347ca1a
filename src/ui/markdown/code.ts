// Code blocks highlighted with cli-highlight; unknown languages stay plain.
import { highlight, supportsLanguage } from 'cli-highlight';

export function highlightCode(code: string, language: string | undefined): string {
  const lang = language?.trim().split(/\s+/)[0];
  if (!lang || !supportsLanguage(lang)) return code;
  try {
    return highlight(code, { language: lang, ignoreIllegals: true });
  } catch {
    return code;
  }
}

/** Code lines are indented so they stand apart from prose without drawing a box. */
export const CODE_INDENT = '  ';

/** Tabs become spaces: a terminal moves a tab to its next stop, which no width count can know. */
const TAB = '    ';

export function renderCodeLines(code: string, language: string | undefined): string[] {
  return highlightCode(code.replace(/\t/g, TAB), language)
    .split('\n')
    .map((line) => CODE_INDENT + line);
}
