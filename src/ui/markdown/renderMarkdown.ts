// Markdown to terminal lines, written on marked's lexer tokens (marked's HTML renderer is not
// used). Returns lines rather than one string so the REPL can commit them one by one.
import { marked, type Token, type Tokens } from 'marked';
import { ansi } from './ansi.js';
import { renderCodeLines } from './code.js';
import { decodeEntities, renderInline } from './inline.js';
import { renderTable } from './table.js';

export function renderMarkdown(markdown: string): string[] {
  return renderBlocks(marked.lexer(markdown), true);
}

/** Blocks are separated by one blank line when `spaced`; tight lists pass false. */
function renderBlocks(tokens: readonly Token[], spaced: boolean): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const rendered = renderBlock(token);
    if (rendered.length === 0) continue;
    if (spaced && lines.length > 0) lines.push('');
    lines.push(...rendered);
  }
  return lines;
}

function renderBlock(token: Token): string[] {
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
      return renderList(token as Tokens.List);
    case 'blockquote':
      return renderBlocks((token as Tokens.Blockquote).tokens, true).map(
        (line) => ansi.dim('│ ') + ansi.italic(line),
      );
    case 'table':
      return renderTable(token as Tokens.Table);
    case 'hr':
      return [ansi.dim('─'.repeat(40))];
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

function renderList(list: Tokens.List): string[] {
  const first = typeof list.start === 'number' ? list.start : 1;
  const markers = list.items.map((item, index) => listMarker(list, item, first + index));
  const width = Math.max(...markers.map((marker) => marker.length));
  const lines: string[] = [];
  list.items.forEach((item, index) => {
    const marker = (markers[index] ?? '').padEnd(width);
    // Task items carry their checkbox as a token; the marker already shows it.
    const content = item.tokens.filter((token) => token.type !== 'checkbox');
    const body = renderBlocks(content, item.loose);
    const indent = ' '.repeat(width + 1);
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
