// WebSearch through the real model layer against the mock API: the request declares the server
// web search tool, the server tool blocks come back and are read into links, and the search
// counts in the session's cost.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCallModel } from '../../../src/api/callModel.js';
import { createClient } from '../../../src/api/client.js';
import { withUsageRecorded } from '../../../src/bootstrap/toolModel.js';
import { resetSession, session } from '../../../src/state/session.js';
import { readSearchResponse } from '../../../src/tools/webSearch/results.js';
import type { AssistantMessage } from '../../../src/types/messages.js';
import { normalizeMessagesForAPI } from '../../../src/utils/messages.js';
import { WebSearchTool } from '../../../src/tools/webSearch/WebSearchTool.js';
import { startMockAnthropic, type MockAnthropic, type MockBlock } from '../../support/mockAnthropic.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const SEARCH_REPLY: MockBlock[] = [
  { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse cli release' } },
  {
    type: 'web_search_tool_result',
    tool_use_id: 'srvtoolu_1',
    content: [
      { title: 'Pulse 2.0 released', url: 'https://pulse.example/blog/2-0' },
      { title: 'Changelog', url: 'https://pulse.example/changelog' },
    ],
  },
  { type: 'text', text: 'Pulse 2.0 added MCP support.' },
];

let mock: MockAnthropic;

beforeAll(async () => {
  mock = await startMockAnthropic({ turns: [] });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  resetSession();
});

function context() {
  const client = createClient({ apiKey: 'test-key', baseURL: mock.url });
  return makeToolContext(process.cwd(), {
    callModel: withUsageRecorded(createCallModel(() => client)),
    options: { model: 'claude-sonnet-4-6', isNonInteractive: true, verbose: false, env: {} },
  });
}

describe('WebSearch', () => {
  it('declares the server tool, reads the results and counts the search in the cost', async () => {
    mock.push({ content: SEARCH_REPLY, usage: { input_tokens: 100, output_tokens: 20, web_search_requests: 1 } });
    const before = mock.requests.length;
    const result = await runTool(
      WebSearchTool,
      { query: 'pulse cli release', allowed_domains: ['pulse.example'] },
      context(),
    );
    expect(result.error).toBeUndefined();
    const request = mock.requests[before]?.body;
    expect(request?.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 8, allowed_domains: ['pulse.example'] },
    ]);
    expect(request?.model).toBe('claude-sonnet-4-6');
    expect(result.data?.searches).toEqual([
      {
        toolUseId: 'srvtoolu_1',
        query: 'pulse cli release',
        links: [
          { title: 'Pulse 2.0 released', url: 'https://pulse.example/blog/2-0' },
          { title: 'Changelog', url: 'https://pulse.example/changelog' },
        ],
      },
    ]);
    const block = WebSearchTool.toResultBlock(result.data!, 'toolu_9');
    expect(block.content).toContain('- [Pulse 2.0 released](https://pulse.example/blog/2-0)');
    expect(block.content).toContain('Pulse 2.0 added MCP support.');

    const usage = session.modelUsage['claude-sonnet-4-6'];
    expect(usage?.webSearchRequests).toBe(1);
    // 100 input at $3/M + 20 output at $15/M + one search at $0.01.
    expect(session.totalCostUSD).toBeCloseTo(0.0003 + 0.0003 + 0.01, 6);
  });

  it('reports a failed search and refuses allowed and blocked domains together', async () => {
    mock.push({
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_2', name: 'web_search', input: { query: 'x' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_2', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
      ],
    });
    const failed = await runTool(WebSearchTool, { query: 'xx' }, context());
    expect(failed.data?.searches[0]).toMatchObject({ error: 'max_uses_exceeded', links: [] });
    expect(WebSearchTool.toResultBlock(failed.data!, 't').content).toContain('failed: max_uses_exceeded');

    const both = await runTool(WebSearchTool, { query: 'xx', allowed_domains: ['a.test'], blocked_domains: ['b.test'] }, context());
    expect(both.error).toMatch(/not both/);
  });

  it('carries on a search the API paused, sending the paused turn back as it came', async () => {
    const [use, result, summary] = SEARCH_REPLY;
    mock.push({ content: [use!], stopReason: 'pause_turn' }, { content: [result!, summary!] });
    const before = mock.requests.length;
    const searched = await runTool(WebSearchTool, { query: 'pulse cli release' }, context());
    expect(mock.requests.length - before).toBe(2);
    const continued = mock.requests[before + 1]?.body.messages as Array<{ role: string; content: unknown }>;
    expect(continued.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(continued[1]?.content).toMatchObject([
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse cli release' } },
    ]);
    expect(mock.pairingErrors).toEqual([]);
    expect(searched.data?.searches[0]?.links).toHaveLength(2);
    expect(searched.data?.summary).toBe('Pulse 2.0 added MCP support.');
  });

  it('reads server tool blocks from any response', () => {
    expect(readSearchResponse([{ type: 'text', text: 'nothing', citations: null }])).toEqual({ searches: [], summary: 'nothing' });
  });

  it('keeps server tool blocks when the history is sent back to the API', () => {
    const blocks = [
      { type: 'server_tool_use', id: 'srvtoolu_3', name: 'web_search', input: { query: 'q' }, caller: { type: 'direct' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_3', content: [], caller: { type: 'direct' } },
      { type: 'text', text: 'done', citations: null },
    ] as unknown as AssistantMessage['message']['content'];
    const messages: AssistantMessage[] = blocks.map((block, index) => ({
      type: 'assistant',
      uuid: `u${index}`,
      timestamp: '',
      message: {
        id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [block],
        stop_reason: null, stop_sequence: null, usage: {} as AssistantMessage['message']['usage'],
      } as AssistantMessage['message'],
    }));
    const [sent] = normalizeMessagesForAPI(messages);
    expect(sent?.role).toBe('assistant');
    expect((sent?.content as Array<{ type: string }>).map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'text']);
  });
});
