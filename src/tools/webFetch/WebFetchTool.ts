// WebFetch: fetch a page within limits, turn HTML into Markdown, cut what is too long, and let a
// small fast model answer the caller's prompt from it. Domain rules (`WebFetch(domain:…)`) are
// applied by the permission engine before the call.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { PageCache, type CachedPage } from './cache.js';
import { fetchPage, formatBytes, WebFetchError } from './fetchPage.js';
import { htmlToMarkdown, isHtml } from './htmlToMarkdown.js';
import { ANSWER_MAX_TOKENS, FETCH_TIMEOUT_MS, MAX_MARKDOWN_CHARS, MAX_URL_LENGTH } from './limits.js';
import { pageQuestion, WEB_FETCH_DESCRIPTION, webFetchPrompt } from './prompt.js';
import { askSideModel, textOfBlocks } from './sideModel.js';
import { upgradeToHttps } from './url.js';

const inputSchema = lazySchema(() =>
  z.object({
    url: z.string().describe('The full URL to fetch'),
    prompt: z.string().describe('What to find out from the page'),
  }),
);

type WebFetchInput = z.infer<ReturnType<typeof inputSchema>>;

export type WebFetchOutput = {
  url: string;
  code: number;
  codeText: string;
  bytes: number;
  result: string;
  durationMs: number;
};

const TEXT_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json)|$)/i;

export const webFetchCache = new PageCache();

export type WebFetchOptions = { timeoutMs?: number; maxBytes?: number; cache?: PageCache };

function pageMarkdown(contentType: string, body: string): string {
  const markdown = isHtml(contentType, body) ? htmlToMarkdown(body) : body;
  if (markdown.length <= MAX_MARKDOWN_CHARS) return markdown;
  return `${markdown.slice(0, MAX_MARKDOWN_CHARS)}\n\n[The page was cut here: it is longer than ${MAX_MARKDOWN_CHARS.toLocaleString('en-US')} characters.]`;
}

async function loadPage(url: URL, ctx: ToolUseContext, options: WebFetchOptions, cache: PageCache): Promise<CachedPage | WebFetchOutput> {
  const cached = cache.get(url.href);
  if (cached) return cached;
  const started = performance.now();
  const outcome = await fetchPage(url, {
    signal: ctx.abortSignal,
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
  if (outcome.kind === 'redirect') {
    return {
      url: outcome.from,
      code: outcome.status,
      codeText: 'Redirect',
      bytes: 0,
      durationMs: Math.round(performance.now() - started),
      result:
        `The URL redirected to a different host: ${outcome.to} (HTTP ${outcome.status}). ` +
        `WebFetch does not follow redirects across hosts. To read it, call WebFetch again with url "${outcome.to}" and the same prompt.`,
    };
  }
  const mime = outcome.contentType.split(';')[0]?.trim() ?? '';
  if (!TEXT_TYPES.test(mime)) {
    throw new WebFetchError(`${outcome.url} is ${mime}, not a text page; WebFetch reads HTML, Markdown, plain text, JSON and XML.`);
  }
  const page: CachedPage = {
    url: outcome.url,
    status: outcome.status,
    statusText: outcome.statusText,
    contentType: outcome.contentType,
    markdown: pageMarkdown(outcome.contentType, outcome.body),
    bytes: outcome.bytes,
  };
  cache.set(url.href, page);
  return page;
}

export function createWebFetchTool(options: WebFetchOptions = {}): Tool<ReturnType<typeof inputSchema>, WebFetchOutput> {
  const cache = options.cache ?? webFetchCache;
  return {
    name: 'WebFetch',
    get inputSchema() {
      return inputSchema();
    },
    maxResultSizeChars: 100_000,
    description: () => WEB_FETCH_DESCRIPTION,
    prompt: () => webFetchPrompt(),
    isEnabled: () => true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => 'Fetch',
    describeUse: (input) => input.url ?? '',
    checkPermissions: async () => ({ behavior: 'passthrough' }),

    async validateInput(input: WebFetchInput) {
      if (input.url.length > MAX_URL_LENGTH) return { ok: false, message: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
      if (!URL.canParse(input.url)) return { ok: false, message: `Not a valid URL: ${input.url}. Give a full URL such as https://example.com/page.` };
      const url = new URL(input.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { ok: false, message: `WebFetch reads http and https URLs, not ${url.protocol}` };
      }
      if (url.username || url.password) return { ok: false, message: 'URLs with a user name or password are not fetched.' };
      return { ok: true };
    },

    async *call(input: WebFetchInput, ctx: ToolUseContext) {
      const started = performance.now();
      const url = upgradeToHttps(new URL(input.url));
      const page = await loadPage(url, ctx, options, cache);
      if ('result' in page) return { data: page };
      const answer = await askSideModel(ctx, {
        messages: [{ role: 'user', content: pageQuestion(page.url, page.markdown, input.prompt) }],
        system: [],
        tools: [],
        maxOutputTokens: ANSWER_MAX_TOKENS,
      });
      if (!answer.ok) throw new WebFetchError(`Fetched ${page.url}, but the model could not answer about it: ${answer.message}`);
      return {
        data: {
          url: page.url,
          code: page.status,
          codeText: page.statusText,
          bytes: page.bytes,
          result: textOfBlocks(answer.blocks) || '(the model gave no answer)',
          durationMs: Math.round(performance.now() - started),
        },
      };
    },

    toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output.result }),
    summarizeResult: (output) => `Received ${formatBytes(output.bytes)} (${output.code} ${output.codeText})`.trim(),
  };
}

export const WebFetchTool = createWebFetchTool();
