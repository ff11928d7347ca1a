// What the model is told about WebFetch, and what the side model is asked.
export const WEB_FETCH_DESCRIPTION = 'Fetch a web page and answer a question about it';

export function webFetchPrompt(): string {
  return `Fetches a URL and answers a question about its content.
- Give a full URL and a prompt saying what you want from the page. The page is turned into Markdown and a small, fast model answers the prompt from it; you get that answer, not the whole page.
- http URLs are fetched over https (except on localhost). Pages larger than 10 MB, or slower than 60 seconds, are refused; very long pages are cut before the question is asked.
- When the URL redirects to a different host, the result says where; call WebFetch again with that URL.
- Results are kept for 15 minutes, so several questions about one page are cheap.
- Read-only: it never changes anything. If a purpose-built MCP tool for the site is available (mcp__…), prefer it.`;
}

export function pageQuestion(url: string, markdown: string, question: string): string {
  return `The content of ${url} follows, between the <page> tags.

<page>
${markdown}
</page>

Answer the request below using only what the page says. Be brief and precise. Keep quotations short (a sentence at most) and never reproduce long passages. If the page does not contain the answer, say so plainly.

Request: ${question}`;
}
