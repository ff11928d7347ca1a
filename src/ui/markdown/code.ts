// Code blocks highlighted with cli-highlight; unknown languages stay plain.
import { highlight, supportsLanguage } from 'cli-highlight';
import { expandTabs } from './ansi.js';

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

export function renderCodeLines(code: string, language: string | undefined): string[] {
  return highlightCode(expandTabs(code), language)
    .split('\n')
    .map((line) => CODE_INDENT + line);
}
