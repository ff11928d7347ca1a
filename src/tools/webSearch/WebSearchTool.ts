// WebSearch: a side request that declares the API's server-side web search tool. The server runs
// the searches; its server_tool_use and web_search_tool_result blocks come back in the response,
// are read into titles and links, and count in the session's cost (web search requests).
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { providerOffersServerTool } from '../../api/providers/features.js';
import type { ServerTool } from '../../api/types.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { askSideModel } from '../webFetch/sideModel.js';
import { searchRequest, SEARCH_SYSTEM_PROMPT, WEB_SEARCH_DESCRIPTION, webSearchPrompt } from './prompt.js';
import { formatSearchResult, readSearchResponse, type WebSearchOutput } from './results.js';

const domainList = lazySchema(() => z.array(z.string().min(1)));

const inputSchema = lazySchema(() =>
  z.object({
    query: z.string().min(2).describe('What to search for'),
    allowed_domains: domainList().optional().describe('Only return results from these domains'),
    blocked_domains: domainList().optional().describe('Never return results from these domains'),
  }),
);

type WebSearchInput = z.infer<ReturnType<typeof inputSchema>>;

/** The most searches the server may run for one call. */
export const MAX_SEARCHES_PER_CALL = 8;
const SEARCH_MAX_TOKENS = 4_096;

export function webSearchServerTool(input: WebSearchInput): ServerTool {
  return {
    type: 'web_search_20250305',
    name: 'web_search',
    max_uses: MAX_SEARCHES_PER_CALL,
    ...(input.allowed_domains?.length ? { allowed_domains: input.allowed_domains } : {}),
    ...(input.blocked_domains?.length ? { blocked_domains: input.blocked_domains } : {}),
  };
}

export const WebSearchTool: Tool<ReturnType<typeof inputSchema>, WebSearchOutput> = {
  name: 'WebSearch',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 100_000,
  description: () => WEB_SEARCH_DESCRIPTION,
  prompt: () => webSearchPrompt(),
  // Amazon Bedrock runs no web search; there the tool is not offered at all.
  isEnabled: () => providerOffersServerTool('web_search'),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'Web Search',
  describeUse: (input) => input.query ?? '',
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async validateInput(input: WebSearchInput) {
    if (input.allowed_domains?.length && input.blocked_domains?.length) {
      return { ok: false, message: 'Give allowed_domains or blocked_domains, not both.' };
    }
    return { ok: true };
  },

  async *call(input: WebSearchInput, ctx: ToolUseContext) {
    const started = performance.now();
    const response = await askSideModel(ctx, {
      // The main model runs the search: small models may not offer the server tool.
      model: ctx.options.model,
      messages: [{ role: 'user', content: searchRequest(input.query) }],
      system: [{ type: 'text', text: SEARCH_SYSTEM_PROMPT }],
      tools: [],
      serverTools: [webSearchServerTool(input)],
      maxOutputTokens: SEARCH_MAX_TOKENS,
    });
    if (!response.ok) throw new Error(`The web search failed: ${response.message}`);
    const { searches, summary } = readSearchResponse(response.blocks);
    return {
      data: { query: input.query, searches, summary, durationSeconds: (performance.now() - started) / 1000 },
    };
  },

  toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatSearchResult(output) }),
  summarizeResult: (output) => {
    const links = output.searches.reduce((sum, search) => sum + search.links.length, 0);
    return `Did ${output.searches.length} search(es), ${links} result(s)`;
  },
};
