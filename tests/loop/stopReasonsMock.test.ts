// Issue 19 through the production model layer (the real SDK client, real SSE) against the mock
// Messages API: each stop reason and block type as the API sends it, and every follow-up request
// must pass the mock's checks (tool pairs, server tool pairs, unchanged thinking blocks).
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, LoopEvent, SystemMessage } from '../../src/types/messages.js';
import { lastAssistantText } from '../../src/utils/messages.js';
import { startMockAnthropic, type MockAnthropic, type MockBlock, type MockTurn } from '../support/mockAnthropic.js';
import { prompt, round } from '../unit/compact/fixtures.js';
import { fakeTool } from './harness.js';
import { continueWith, runAgainstMock, useFastRetries } from './mockHarness.js';

let mock: MockAnthropic | undefined;
useFastRetries();

afterEach(async () => {
  expect(mock?.pairingErrors ?? []).toEqual([]);
  await mock?.close();
  mock = undefined;
});

async function serve(turns: MockTurn[]): Promise<MockAnthropic> {
  mock = await startMockAnthropic({ turns });
  return mock;
}

function sentMessages(server: MockAnthropic, index: number): Array<{ role: string; content: unknown }> {
  return (server.requests[index]?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
}

function systemOf(events: readonly LoopEvent[], subtype: SystemMessage['subtype']): SystemMessage[] {
  return events.filter((e): e is SystemMessage => e.type === 'system' && e.subtype === subtype);
}

const answer = (text: string): MockTurn => ({ content: [{ type: 'text', text }] });
const search: MockBlock = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse cli' } };
const searchResult: MockBlock = {
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_1',
  content: [{ title: 'Pulse', url: 'https://example.com/pulse' }],
};
const echo = fakeTool({ name: 'Echo', safe: true, run: async function* () { return { data: 'echoed' }; } });

describe('the loop against the mock: stop reasons', () => {
  it('end_turn and stop_sequence end the turn as finished', async () => {
    const server = await serve([
      { content: [{ type: 'text', text: 'Counting: 1 2 3' }], stopReason: 'stop_sequence', stopSequence: 'STOP' },
    ]);
    const run = await runAgainstMock(server);
    expect(run.terminal).toEqual({ reason: 'completed' });
    const last = run.history.findLast((m): m is AssistantMessage => m.type === 'assistant');
    expect(last?.message).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'STOP' });
    expect(server.requests).toHaveLength(1);
  });

  it('tool_use goes round; max_tokens escalates the output limit', async () => {
    const server = await serve([
      { content: [{ type: 'tool_use', name: 'Echo', input: {} }] },
      { content: [{ type: 'text', text: 'Half' }], stopReason: 'max_tokens' },
      answer('Whole.'),
    ]);
    const run = await runAgainstMock(server, { tools: [echo] });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }, { reason: 'max_output_tokens_escalate' }]);
    expect(lastAssistantText(run.history)).toBe('Whole.');
  });

  it('pause_turn: the paused response goes back as it came, and the server finishes its search', async () => {
    const server = await serve([
      { content: [{ type: 'text', text: 'Searching.' }, search], stopReason: 'pause_turn' },
      { content: [searchResult, { type: 'text', text: 'Found it.' }] },
      { content: [{ type: 'tool_use', name: 'Echo', input: {} }] },
      answer('Done.'),
    ]);
    const run = await runAgainstMock(server, { tools: [echo] });
    expect(run.transitions.map((t) => t.reason)).toEqual(['pause_turn_continuation']);
    expect(run.terminal).toEqual({ reason: 'completed' });
    const continued = sentMessages(server, 1);
    expect(continued.at(-1)?.role).toBe('assistant');
    expect(JSON.stringify(continued.at(-1)?.content)).toContain('"srvtoolu_1"');
    expect(lastAssistantText(run.history)).toBe('Found it.');
    // The next prompt sends the whole turn, pair complete, and the mock accepts it.
    const next = await runAgainstMock(server, { messages: continueWith(run.history, 'And then?'), tools: [echo] });
    expect(next.terminal).toEqual({ reason: 'completed' });
    const turn = sentMessages(server, 2)[1]?.content as Array<{ type: string }>;
    expect(turn.map((b) => b.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text']);
  });

  it('pause_turn cut short by --max-turns leaves no dangling server tool use in the next request', async () => {
    const server = await serve([{ content: [{ type: 'text', text: 'Searching.' }, search], stopReason: 'pause_turn' }, answer('Okay.')]);
    const run = await runAgainstMock(server, { maxTurns: 1 });
    expect(run.terminal).toEqual({ reason: 'max_turns', turnCount: 1 });
    const next = await runAgainstMock(server, { messages: continueWith(run.history, 'Answer without searching.') });
    expect(next.terminal).toEqual({ reason: 'completed' });
    expect(JSON.stringify(sentMessages(server, 1))).not.toContain('server_tool_use');
  });

  it('refusal: the model is told and goes on once; a second refusal in a row ends the turn; the next prompt works', async () => {
    const details = { type: 'refusal', category: 'cyber', explanation: 'This request was declined.' };
    const server = await serve([
      { content: [{ type: 'text', text: 'I can' }], stopReason: 'refusal', stopDetails: details },
      { content: [], stopReason: 'refusal' },
      answer('Answer to the next prompt.'),
    ]);
    const run = await runAgainstMock(server);
    expect(run.transitions).toEqual([{ reason: 'refusal_retry' }]);
    expect(run.terminal).toEqual({ reason: 'refusal' });
    const notices = systemOf(run.events, 'refusal');
    expect(notices.map((n) => n.data?.retrying)).toEqual([true, false]);
    expect(notices[0]?.data).toMatchObject({ api_refusal_category: 'cyber', api_refusal_explanation: 'This request was declined.' });
    // The stop_details arrived on message_delta and stay on the refused message.
    const refused = run.history.find((m): m is AssistantMessage => m.type === 'assistant' && m.message.stop_reason === 'refusal');
    expect(refused?.message.stop_details).toEqual(details);
    expect(JSON.stringify(sentMessages(server, 1).at(-1))).toContain('safety classifier');
    const next = await runAgainstMock(server, { messages: continueWith(run.history, 'Something else.') });
    expect(next.terminal).toEqual({ reason: 'completed' });
    expect(lastAssistantText(next.history)).toBe('Answer to the next prompt.');
  });

  it('model_context_window_exceeded is a context problem: compaction, never a request for more output', async () => {
    const server = await serve([
      { content: [{ type: 'text', text: 'A long answer that' }], stopReason: 'model_context_window_exceeded' },
      answer('Summary: they asked for a long answer.'),
      answer('A shorter answer.'),
    ]);
    // An earlier round: a conversation of the prompt alone has nothing to compact and fails at once.
    const messages = [prompt('Look for TODOs.'), ...round('Grep', { pattern: 'TODO' }, 'no matches'), prompt('Do the thing.')];
    const run = await runAgainstMock(server, { messages });
    expect(run.transitions.map((t) => t.reason)).toEqual(['reactive_compact_retry']);
    expect(server.requests.map((r) => r.body.max_tokens)).toEqual([
      server.requests[0]?.body.max_tokens,
      server.requests[1]?.body.max_tokens,
      server.requests[0]?.body.max_tokens,
    ]);
    expect(lastAssistantText(run.history)).toBe('A shorter answer.');
  });

  it('an unknown stop reason ends the turn cleanly with a note', async () => {
    const server = await serve([{ content: [{ type: 'text', text: 'Partial' }], stopReason: 'brand_new_reason' }]);
    const run = await runAgainstMock(server);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(systemOf(run.events, 'informational')[0]?.data).toEqual({ stop_reason: 'brand_new_reason' });
  });
});

describe('the loop against the mock: blocks Pulse does not render', () => {
  it('thinking, redacted thinking, server tool pairs and an unknown block travel back byte for byte', async () => {
    const blocks: MockBlock[] = [
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' },
      { type: 'redacted_thinking', data: 'REDACTED==' },
      search,
      searchResult,
      { type: 'verbatim', block: { type: 'mystery_block', payload: { a: 1 } } },
      { type: 'text', text: 'Running a tool.' },
      { type: 'tool_use', name: 'Echo', input: {} },
    ];
    const server = await serve([{ content: blocks }, answer('Done.')]);
    const run = await runAgainstMock(server, { tools: [echo] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    const sent = sentMessages(server, 1)[1]?.content as Array<Record<string, unknown>>;
    expect(sent.map((b) => b.type)).toEqual([
      'thinking',
      'redacted_thinking',
      'server_tool_use',
      'web_search_tool_result',
      'mystery_block',
      'text',
      'tool_use',
    ]);
    expect(sent[0]).toEqual({ type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' });
    expect(sent[1]).toEqual({ type: 'redacted_thinking', data: 'REDACTED==' });
    expect(sent[4]).toEqual({ type: 'mystery_block', payload: { a: 1 } });
  });
});
