// What the model is told about WebSearch, and the side request's instructions.
export const WEB_SEARCH_DESCRIPTION = 'Search the web and return result titles and links';

// Spelled out rather than asked of Intl: the first toLocaleString call loads ICU's calendar
// and time zone data, which cost more start-up time than anything else in building a request.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function webSearchPrompt(now: Date = new Date()): string {
  const month = `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  return `Searches the web and returns the results' titles and links, with a short summary of what they say.
- Use it for anything that may have changed after your training: releases, current documentation, recent events. It is ${month} now; put the current year in queries about recent things.
- allowed_domains limits the search to those sites; blocked_domains leaves sites out. Use one or the other, not both.
- After answering from the results, list the sources you used as Markdown links, e.g. [Title](https://example.com/page).`;
}

export const SEARCH_SYSTEM_PROMPT =
  'You carry out web searches for a coding assistant. Search with the web_search tool, then summarise in a few sentences what the results say about the query. Do not answer from memory.';

export function searchRequest(query: string): string {
  return `Search the web for: ${query}`;
}
