// WebFetch's limits, from the reference: a minute per fetch, 10 MB per body, 10 redirects,
// 100,000 characters of Markdown for the model, 15 minutes in the cache.
export const FETCH_TIMEOUT_MS = 60_000;
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 10;
export const MAX_MARKDOWN_CHARS = 100_000;
export const MAX_URL_LENGTH = 2_000;
export const CACHE_TTL_MS = 15 * 60_000;
export const CACHE_MAX_BYTES = 50 * 1024 * 1024;
/** The side model's answer should be short; the main model decides what to do with it. */
export const ANSWER_MAX_TOKENS = 4_096;
