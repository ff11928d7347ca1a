// Inline markdown (emphasis, code spans, links) to styled terminal text.
import type { Token, Tokens } from 'marked';
import { ansi } from './ansi.js';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** marked keeps entities as written; the terminal wants the characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function renderInline(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens.map(renderInlineToken).join('');
}

function renderInlineToken(token: Token): string {
  switch (token.type) {
    case 'strong':
      return ansi.bold(renderInline((token as Tokens.Strong).tokens));
    case 'em':
      return ansi.italic(renderInline((token as Tokens.Em).tokens));
    case 'del':
      return ansi.strikethrough(renderInline((token as Tokens.Del).tokens));
    case 'codespan':
      return ansi.cyan(decodeEntities((token as Tokens.Codespan).text));
    case 'checkbox':
      return '';
    case 'br':
      return '\n';
    case 'link':
      return renderLink(token as Tokens.Link);
    case 'image': {
      const image = token as Tokens.Image;
      return ansi.dim(`[image: ${image.text || image.href}]`);
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens) : decodeEntities(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'html':
      return (token as Tokens.HTML).text;
    default:
      return 'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : token.raw;
  }
}

function renderLink(link: Tokens.Link): string {
  const label = renderInline(link.tokens);
  const href = ansi.underline(ansi.blue(link.href));
  if (link.text === link.href || link.href === `mailto:${link.text}`) return href;
  return `${label} (${href})`;
}
