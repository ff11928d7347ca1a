// Issue 19 with scripted model turns: every stop reason the API documents (and one it does not
// yet) ends, continues or recovers the turn as the API means it, with a typed terminal and a
// transition of its own, and the history stays a conversation the API accepts.
import { describe, expect, it } from 'vitest';
import { MAX_PAUSE_CONTINUATIONS } from '../../src/query/stopReasons.js';
import { REFUSAL_REMINDER, REFUSED_TOOL_TEXT } from '../../src/query/refusal.js';
import type { AssistantMessage, LoopEvent, StopReason, SystemMessage } from '../../src/types/messages.js';
import { createUserMessage, lastAssistantText } from '../../src/utils/messages.js';
import { raw, text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { fakeTool, runQuery, toolResultsOf } from './harness.js';

const answer = (words: string): ResponseTurn => ({ blocks: [text(words)] });
const searchUse = raw({ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse' } });
const searchResult = raw({
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_1',
  content: [{ type: 'web_search_result', title: 'Pulse', url: 'https://example.com', encrypted_content: 'e', page_age: null }],
});
const paused = (words = 'Searching.'): ResponseTurn => ({ blocks: [text(words), searchUse], stopReason: 'pause_turn' });
const refused = (words = 'I can'): ResponseTurn => ({ blocks: [text(words)], stopReason: 'refusal' });

function systemOf(events: readonly LoopEvent[], subtype: SystemMessage['subtype']): SystemMessage[] {
  return events.filter((e): e is SystemMessage => e.type === 'system' && e.subtype === subtype);
}

function errorsOf(events: readonly LoopEvent[]): AssistantMessage[] {
  return events.filter((e): e is AssistantMessage => e.type === 'assistant' && e.apiError !== undefined);
}

describe('query: stop reasons that end the turn normally', () => {
  it.each<StopReason>(['end_turn', 'stop_sequence'])('%s: one request, completed, no note', async (stopReason) => {
    const run = await runQuery({ turns: [{ blocks: [text('Counting: 1 2 3')], stopReason }] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests).toHaveLength(1);
    expect(run.transitions).toEqual([]);
    expect(systemOf(run.events, 'informational')).toEqual([]);
    expect(lastAssistantText(run.history)).toBe('Counting: 1 2 3');
  });

  it('tool_use: runs the tools and goes round with next_turn', async () => {
    const tool = fakeTool({ name: 'Echo', safe: true, run: async function* () { return { data: 'echoed' }; } });
    const run = await runQuery({ tools: [tool], turns: [{ blocks: [toolUse('Echo', {}, 'e1')], stopReason: 'tool_use' }, answer('Done.')] });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    expect(toolResultsOf(run.events).map((r) => r.content)).toEqual(['echoed']);
  });

  it('max_tokens: goes up the output-limit ladder, never ends as if finished', async () => {
    const run = await runQuery({
      turns: [{ blocks: [text('Half')], stopReason: 'max_tokens', apiError: { kind: 'max_output_tokens' } }, answer('Whole.')],
    });
    expect(run.transitions).toEqual([{ reason: 'max_output_tokens_escalate' }]);
    expect(lastAssistantText(run.history)).toBe('Whole.');
  });

  it('a stop reason Pulse does not know ends the turn cleanly with a note in the transcript', async () => {
    const run = await runQuery({ turns: [{ blocks: [text('Partial answer')], stopReason: 'brand_new_reason' as StopReason }] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests).toHaveLength(1);
    const [note] = systemOf(run.events, 'informational');
    expect(note?.data).toEqual({ stop_reason: 'brand_new_reason' });
    expect(note?.content).toContain('brand_new_reason');
    expect(run.history).toContain(note);
  });
});

describe('query: pause_turn', () => {
  it('sends the paused response back as it came and continues, as a turn of its own', async () => {
    const run = await runQuery({ turns: [paused(), { blocks: [searchResult, text('Found it.')] }] });
    expect(run.transitions).toEqual([{ reason: 'pause_turn_continuation' }]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    const continued = run.requests[1]?.messages ?? [];
    // The request ends with the paused assistant turn, server_tool_use included, and nothing after it.
    expect(continued.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(continued[1]?.content).toEqual([
      { type: 'text', text: 'Searching.', citations: null },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse' } },
    ]);
    expect(lastAssistantText(run.history)).toBe('Found it.');
  });

  it('a later request sees the paused response and its continuation as one assistant turn', async () => {
    const tool = fakeTool({ name: 'Echo', safe: true, run: async function* () { return { data: 'echoed' }; } });
    const run = await runQuery({
      tools: [tool],
      turns: [paused(), { blocks: [searchResult, toolUse('Echo', {}, 'e1')] }, answer('Done.')],
    });
    const messages = run.requests[2]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const types = Array.isArray(messages[1]?.content) ? messages[1].content.map((b) => b.type) : [];
    expect(types).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'tool_use']);
  });

  it('counts against --max-turns', async () => {
    const run = await runQuery({ maxTurns: 1, turns: [paused()] });
    expect(run.terminal).toEqual({ reason: 'max_turns', turnCount: 1 });
    expect(run.requests).toHaveLength(1);
  });

  it(`gives up after ${MAX_PAUSE_CONTINUATIONS} continuations in a row, with a warning`, async () => {
    const turns = Array.from({ length: MAX_PAUSE_CONTINUATIONS + 1 }, () => paused());
    const run = await runQuery({ turns });
    expect(run.requests).toHaveLength(MAX_PAUSE_CONTINUATIONS + 1);
    expect(run.transitions).toEqual(Array.from({ length: MAX_PAUSE_CONTINUATIONS }, () => ({ reason: 'pause_turn_continuation' })));
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(systemOf(run.events, 'warning')[0]?.content).toContain('paused this turn');
  });

  it('drops a server_tool_use left without its result from every later request', async () => {
    const first = await runQuery({ maxTurns: 1, turns: [paused()] });
    const next = await runQuery({
      messages: [...first.history, createUserMessage({ content: 'Never mind, answer from memory.' })],
      turns: [answer('From memory.')],
    });
    const sent = JSON.stringify(next.requests[0]?.messages);
    expect(sent).not.toContain('server_tool_use');
    expect(sent).toContain('Searching.');
  });
});

describe('query: refusal', () => {
  it('keeps the partial reply, tells the person and the model, and lets the model go on once', async () => {
    const run = await runQuery({ turns: [refused(), answer('Here is a safe answer.')] });
    expect(run.transitions).toEqual([{ reason: 'refusal_retry' }]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    const [notice] = systemOf(run.events, 'refusal');
    expect(notice?.data).toMatchObject({ retrying: true, refused_user_message_uuid: 'prompt-uuid' });
    const sent = run.requests[1]?.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[1]?.content).toEqual([{ type: 'text', text: 'I can', citations: null }]);
    expect(sent[2]?.content).toEqual([{ type: 'text', text: REFUSAL_REMINDER }]);
    const reminder = run.history.find((m) => m.type === 'user' && m.refusedMessageId !== undefined);
    expect(reminder).toMatchObject({ isMeta: true, refusedMessageId: 'msg_scripted_1' });
    expect(lastAssistantText(run.history)).toBe('Here is a safe answer.');
  });

  it('a second refusal in a row ends the turn with a typed terminal and an error the person sees', async () => {
    const run = await runQuery({ turns: [refused(), refused('Again')] });
    expect(run.requests).toHaveLength(2);
    expect(run.terminal).toEqual({ reason: 'refusal' });
    const [error] = errorsOf(run.events);
    expect(error).toMatchObject({ apiError: 'refusal', refusedMessageId: 'msg_scripted_2', message: { stop_reason: 'refusal' } });
    expect(systemOf(run.events, 'refusal').map((n) => n.data?.retrying)).toEqual([true, false]);
    // The next prompt works: the history is valid and the refusal count starts again.
    const next = await runQuery({
      messages: [...run.history, createUserMessage({ content: 'Something else, then.' })],
      turns: [refused('Hm'), answer('Sure.')],
    });
    expect(next.transitions).toEqual([{ reason: 'refusal_retry' }]);
    expect(next.terminal).toEqual({ reason: 'completed' });
    expect(JSON.stringify(next.requests[0]?.messages)).not.toContain('safety classifier stopped the model');
  });

  it('does not run the tool calls of a refused response, and answers every one of them', async () => {
    let ran = false;
    const tool = fakeTool({ name: 'Write', run: async function* () { ran = true; return { data: 'written' }; } });
    const run = await runQuery({
      tools: [tool],
      turns: [{ blocks: [toolUse('Write', {}, 'w1'), text('and then')], stopReason: 'refusal' }, answer('Fine.')],
    });
    expect(ran).toBe(false);
    expect(toolResultsOf(run.events).map((r) => [r.id, r.content])).toEqual([['w1', REFUSED_TOOL_TEXT]]);
    expect(run.transitions).toEqual([{ reason: 'refusal_retry' }]);
  });

  it('the retry counts against --max-turns', async () => {
    const run = await runQuery({ maxTurns: 1, turns: [refused()] });
    expect(run.terminal).toEqual({ reason: 'max_turns', turnCount: 1 });
    expect(run.requests).toHaveLength(1);
  });
});

describe('query: blocks Pulse does not render', () => {
  it('keeps thinking, redacted thinking and unknown blocks exactly as received across a tool round', async () => {
    const thinking = { type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' };
    const redacted = { type: 'redacted_thinking', data: 'REDACTED==' };
    const mystery = { type: 'mystery_block', payload: { a: 1 } };
    const tool = fakeTool({ name: 'Echo', safe: true, run: async function* () { return { data: 'echoed' }; } });
    const run = await runQuery({
      tools: [tool],
      turns: [{ blocks: [raw(thinking), raw(redacted), raw(mystery), text('Running a tool.'), toolUse('Echo', {}, 'e1')] }, answer('Done.')],
    });
    const assistant = run.requests[1]?.messages[1];
    expect(assistant?.content).toEqual([
      thinking,
      redacted,
      mystery,
      { type: 'text', text: 'Running a tool.', citations: null },
      { type: 'tool_use', id: 'e1', name: 'Echo', input: {}, caller: { type: 'direct' } },
    ]);
    // Thinking reaches the loop's events, block by block, for the REPL to show.
    const shown = run.events.filter((e): e is AssistantMessage => e.type === 'assistant').map((e) => e.message.content[0]?.type);
    expect(shown.slice(0, 3)).toEqual(['thinking', 'redacted_thinking', 'mystery_block']);
  });
});
