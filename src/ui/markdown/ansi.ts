// Minimal SGR styling for pre-rendered strings (markdown, diffs). Ink passes ANSI codes in a
// <Text> through untouched, so rendered lines can be committed to <Static> as plain strings.
import stringWidth from 'string-width';

const style =
  (open: number, close: number) =>
  (text: string): string =>
    text === '' ? '' : `\u001B[${open}m${text}\u001B[${close}m`;

export const ansi = {
  bold: style(1, 22),
  dim: style(2, 22),
  italic: style(3, 23),
  underline: style(4, 24),
  strikethrough: style(9, 29),
  inverse: style(7, 27),
  red: style(31, 39),
  green: style(32, 39),
  yellow: style(33, 39),
  blue: style(34, 39),
  magenta: style(35, 39),
  cyan: style(36, 39),
  gray: style(90, 39),
};

// eslint-disable-next-line no-control-regex
const SGR_PATTERN = /\u001B\[[0-9;]*m/g;

export function stripAnsi(text: string): string {
  return text.replace(SGR_PATTERN, '');
}

/** Columns a rendered string takes in a terminal: styling takes none, CJK and emoji take two. */
export function visibleWidth(text: string): number {
  return stringWidth(text);
}

/** Tabs as spaces: a terminal moves a tab to its next stop, which no width count can know. */
export function expandTabs(text: string): string {
  return text.replace(/\t/g, '    ');
}
