// Reads a web search response: the searches the server ran, the links each returned, and the
// model's summary; and formats them as the tool result the main model sees.
import type { ContentBlock } from '../../types/messages.js';

export type SearchLink = { title: string; url: string };
export type SearchHit = { toolUseId: string; query?: string; links: SearchLink[]; error?: string };

export type WebSearchOutput = {
  query: string;
  searches: SearchHit[];
  summary: string;
  durationSeconds: number;
};

export function readSearchResponse(blocks: readonly ContentBlock[]): { searches: SearchHit[]; summary: string } {
  const queries = new Map<string, string>();
  const searches: SearchHit[] = [];
  const texts: string[] = [];
  for (const block of blocks) {
    if (block.type === 'server_tool_use') {
      const input = block.input as { query?: unknown } | null;
      if (typeof input?.query === 'string') queries.set(block.id, input.query);
    } else if (block.type === 'web_search_tool_result') {
      const query = queries.get(block.tool_use_id);
      const base = { toolUseId: block.tool_use_id, ...(query ? { query } : {}) };
      if (Array.isArray(block.content)) {
        searches.push({ ...base, links: block.content.map((r) => ({ title: r.title, url: r.url })) });
      } else {
        searches.push({ ...base, links: [], error: block.content.error_code });
      }
    } else if (block.type === 'text') {
      texts.push(block.text);
    }
  }
  return { searches, summary: texts.join('').trim() };
}

export function formatSearchResult(output: WebSearchOutput): string {
  const lines = [`Web search results for "${output.query}":`, ''];
  const links = output.searches.flatMap((search) => search.links);
  for (const search of output.searches) {
    if (search.error) lines.push(`(a search${search.query ? ` for "${search.query}"` : ''} failed: ${search.error})`);
  }
  if (links.length === 0) lines.push('No results.');
  for (const link of links) lines.push(`- [${link.title || link.url}](${link.url})`);
  if (output.summary) lines.push('', output.summary);
  lines.push('', 'Cite the sources you rely on as Markdown links.');
  return lines.join('\n');
}
