// Markdown to terminal lines, written on marked's lexer tokens (marked's HTML renderer is not
// used). Returns lines rather than one string so the REPL can commit them one by one. Prose lines
// are wrapped later, at the width they are drawn at (wrap.ts); rules and tables, which cannot be
// wrapped after the fact, are laid out here for `width`.
import { marked, type Token, type Tokens } from 'marked';
import { ansi } from './ansi.js';
import { renderCodeLines } from './code.js';
import { decodeEntities, renderInline } from './inline.js';
import { renderTable } from './table.js';

/** The widest rule drawn: a full-width line in a wide terminal reads as a page break. */
const RULE_WIDTH = 40;
const QUOTE_BAR = '│ ';

export function renderMarkdown(markdown: string, width = Infinity): string[] {
  return renderBlocks(marked.lexer(markdown), true, width);
}

/** Blocks are separated by one blank line when `spaced`; tight lists pass false. */
function renderBlocks(tokens: readonly Token[], spaced: boolean, width: number): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const rendered = renderBlock(token, width);
    if (rendered.length === 0) continue;
    if (spaced && lines.length > 0) lines.push('');
    lines.push(...rendered);
  }
  return lines;
}

function renderBlock(token: Token, width: number): string[] {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'checkbox':
      return [];
    case 'heading':
      return [renderHeading(token as Tokens.Heading)];
    case 'paragraph':
      return renderInline((token as Tokens.Paragraph).tokens).split('\n');
    case 'code': {
      const code = token as Tokens.Code;
      return renderCodeLines(code.text, code.lang);
    }
    case 'list':
      return renderList(token as Tokens.List, width);
    case 'blockquote':
      return renderBlocks((token as Tokens.Blockquote).tokens, true, width - QUOTE_BAR.length).map(
        (line) => ansi.dim(QUOTE_BAR) + ansi.italic(line),
      );
    case 'table':
      return renderTable(token as Tokens.Table, width);
    case 'hr':
      return [ansi.dim('─'.repeat(Math.max(1, Math.min(RULE_WIDTH, width))))];
    case 'html':
      return (token as Tokens.HTML).text.replace(/\n$/, '').split('\n');
    case 'text': {
      const text = token as Tokens.Text;
      return (text.tokens ? renderInline(text.tokens) : decodeEntities(text.text)).split('\n');
    }
    default:
      return token.raw.replace(/\n$/, '').split('\n');
  }
}

function renderHeading(heading: Tokens.Heading): string {
  const text = renderInline(heading.tokens);
  if (heading.depth === 1) return ansi.bold(ansi.underline(text));
  if (heading.depth === 2) return ansi.bold(text);
  return ansi.bold(ansi.dim(text));
}

function renderList(list: Tokens.List, width: number): string[] {
  const first = typeof list.start === 'number' ? list.start : 1;
  const markers = list.items.map((item, index) => listMarker(list, item, first + index));
  const markerWidth = Math.max(...markers.map((marker) => marker.length));
  const lines: string[] = [];
  list.items.forEach((item, index) => {
    const marker = (markers[index] ?? '').padEnd(markerWidth);
    // Task items carry their checkbox as a token; the marker already shows it.
    const content = item.tokens.filter((token) => token.type !== 'checkbox');
    const body = renderBlocks(content, item.loose, width - markerWidth - 1);
    const indent = ' '.repeat(markerWidth + 1);
    body.forEach((line, lineIndex) => {
      lines.push(lineIndex === 0 ? `${marker} ${line}` : line === '' ? '' : indent + line);
    });
    if (body.length === 0) lines.push(marker);
    if (list.loose && index < list.items.length - 1) lines.push('');
  });
  return lines;
}

function listMarker(list: Tokens.List, item: Tokens.ListItem, number: number): string {
  if (item.task) return item.checked ? '☒' : '☐';
  return list.ordered ? `${number}.` : '•';
}
