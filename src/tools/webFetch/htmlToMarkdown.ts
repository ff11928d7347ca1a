// HTML pages become Markdown with turndown; scripts, styles and other non-content go first.
import TurndownService from 'turndown';

let converter: TurndownService | undefined;

function getConverter(): TurndownService {
  if (converter) return converter;
  converter = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  converter.remove(['script', 'style', 'noscript', 'iframe', 'svg', 'head']);
  return converter;
}

export function isHtml(contentType: string, body: string): boolean {
  if (/text\/html|application\/xhtml/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html)/i.test(body);
}

export function htmlToMarkdown(html: string): string {
  return getConverter().turndown(html).trim();
}
