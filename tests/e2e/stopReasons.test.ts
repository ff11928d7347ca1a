// Issue 19 end to end: the built CLI (the real SDK client) against the mock, one run per stop
// reason and block type, in stream-json. The lines and the result carry the keys the reference
// (2.1.332, run against the same mock scripts) prints for these stops; every follow-up request
// passes the mock's checks.
import { afterEach, describe, expect, it } from 'vitest';
import type { MockBlock, MockTurn } from '../support/mockAnthropic.js';
import { lineKinds, resultOf, scenario, STREAM_JSON, transcriptLines, type Scenario } from './harness.js';
import { resultsOf, runSdkPrompts } from './sdkHarness.js';

const scenarios: Scenario[] = [];
afterEach(() => {
  for (const s of scenarios.splice(0)) expect(s.mock.pairingErrors).toEqual([]);
});

async function runScript(turns: MockTurn[], extra: string[] = []) {
  const s = await scenario(turns);
  scenarios.push(s);
  const run = await s.run(['Do the thing.', '-p', ...STREAM_JSON, ...extra]);
  expect(run.stderr).toBe('');
  const lines = run.json();
  return { s, run, lines, result: resultOf(lines) };
}

const text = (value: string): MockBlock => ({ type: 'text', text: value });
const search: MockBlock = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'pulse cli' } };
const searchResult: MockBlock = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ title: 'Pulse', url: 'https://example.com/pulse' }] };

describe('stop reasons end to end (stream-json)', () => {
  it.each([
    ['end_turn', {}],
    ['stop_sequence', { stopSequence: 'STOP' }],
  ] as const)('%s: a finished answer, reported with that stop reason', async (stopReason, extra) => {
    const { run, lines, result } = await runScript([{ content: [text('Counting: 1 2 3')], stopReason, ...extra }]);
    expect(run.code).toBe(0);
    expect(lineKinds(lines)).toEqual(['system/init', 'assistant', 'result/success']);
    expect(result).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: 'Counting: 1 2 3',
      stop_reason: stopReason,
      terminal_reason: 'completed',
      num_turns: 1,
      safety_stops: 0,
    });
  });

  it('tool_use: the tool runs and the turn goes on', async () => {
    const { run, lines, result } = await runScript([
      { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo hi' } }] },
      { content: [text('Done.')] },
    ], ['--permission-mode', 'bypassPermissions']);
    expect(run.code).toBe(0);
    expect(lineKinds(lines)).toEqual(['system/init', 'assistant', 'user', 'assistant', 'result/success']);
    expect(result).toMatchObject({ stop_reason: 'end_turn', num_turns: 2, result: 'Done.' });
  });

  it('max_tokens: the reply is asked for again with more room, and the result is the whole answer', async () => {
    // A model whose default output is below its most (the default model asks for its most at once).
    const { s, result } = await runScript([{ content: [text('Half')], stopReason: 'max_tokens' }, { content: [text('Whole.')] }], ['--model', 'claude-opus-4-8']);
    expect(s.mock.requests).toHaveLength(2);
    expect(Number(s.mock.requests[1]?.body.max_tokens)).toBeGreaterThan(Number(s.mock.requests[0]?.body.max_tokens));
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Whole.', stop_reason: 'end_turn' });
  });

  it('pause_turn: the paused turn is carried on (the reference ends it as error_during_execution)', async () => {
    const { s, run, result } = await runScript([
      { content: [text('Searching.'), search], stopReason: 'pause_turn' },
      { content: [searchResult, text('Found it.')] },
    ]);
    expect(run.code).toBe(0);
    expect((s.mock.requests[1]?.body.messages as Array<{ role: string }>).at(-1)?.role).toBe('assistant');
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Found it.', stop_reason: 'end_turn', num_turns: 2 });
  });

  it('refusal, then an answer: the notice, the reminder and safety_stops, as the reference prints them', async () => {
    const { run, lines, result } = await runScript([
      { content: [text('I can')], stopReason: 'refusal', stopDetails: { type: 'refusal', category: 'cyber', explanation: 'Declined.' } },
      { content: [text('Here is a safe answer.')] },
    ]);
    expect(run.code).toBe(0);
    expect(lineKinds(lines)).toEqual(['system/init', 'assistant', 'system/informational', 'user', 'assistant', 'result/success']);
    const [, refused, notice, reminder] = lines;
    expect(notice).toMatchObject({ level: 'notice' });
    expect(String(notice?.content)).toContain('safety classifier');
    expect(reminder).toMatchObject({ isSynthetic: true, refusal_retry: true, refused_message_id: (refused?.message as { id: string }).id });
    expect(result).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: 'Here is a safe answer.',
      stop_reason: 'end_turn',
      terminal_reason: 'completed',
      num_turns: 2,
      safety_stops: 1,
    });
  });

  it('two refusals in a row: the turn ends on an API error with stop_reason refusal and exit 1', async () => {
    const { run, lines, result } = await runScript([
      { content: [text('I can')], stopReason: 'refusal' },
      { content: [text('Again')], stopReason: 'refusal' },
    ]);
    expect(run.code).toBe(1);
    expect(lineKinds(lines)).toEqual([
      'system/init',
      'assistant',
      'system/informational',
      'user',
      'assistant',
      'system/model_refusal_no_fallback',
      'assistant',
      'result/success',
    ]);
    const refusal = lines[5];
    expect(Object.keys(refusal ?? {}).sort()).toEqual(
      ['api_refusal_category', 'api_refusal_explanation', 'content', 'original_model', 'refused_user_message_uuid', 'request_id', 'session_id', 'subtype', 'type', 'uuid'],
    );
    const error = lines[6];
    expect(error).toMatchObject({ error: 'invalid_request', message: { model: '<synthetic>', stop_reason: 'refusal' } });
    expect(error?.refused_message_id).toBe((lines[4]?.message as { id: string }).id);
    expect(result).toMatchObject({ subtype: 'success', is_error: true, stop_reason: 'refusal', terminal_reason: 'api_error', num_turns: 2, safety_stops: 2 });
    expect(String(result.result)).toContain('safety classifier');
  });

  it('model_context_window_exceeded: the context is made smaller, the output limit is left alone', async () => {
    const { s, result } = await runScript([
      // A round first: a conversation of the prompt alone has nothing to compact and fails at once.
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'README.md' } }] },
      { content: [text('A long answer that')], stopReason: 'model_context_window_exceeded' },
      { content: [text('Summary: they asked for something long.')] },
      { content: [text('A shorter answer.')] },
    ]);
    const [, first, , retried] = s.mock.requests;
    expect(retried?.body.max_tokens).toBe(first?.body.max_tokens);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'A shorter answer.' });
  });

  it('an unknown stop reason ends cleanly, reported as sent, with a note in the transcript', async () => {
    const { s, run, result } = await runScript([{ content: [text('Partial answer')], stopReason: 'brand_new_reason' }]);
    expect(run.code).toBe(0);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Partial answer', stop_reason: 'brand_new_reason' });
    const note = transcriptLines(s).find((line) => line.type === 'system' && line.subtype === 'informational');
    expect(note).toMatchObject({ data: { stop_reason: 'brand_new_reason' } });
  });
});

describe('block types end to end (stream-json)', () => {
  it('thinking, redacted thinking, server tool pairs and an unknown block: printed and sent back as received', async () => {
    const { s, lines, result } = await runScript([
      {
        content: [
          { type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' },
          { type: 'redacted_thinking', data: 'REDACTED==' },
          search,
          searchResult,
          { type: 'verbatim', block: { type: 'mystery_block', payload: { a: 1 } } },
          text('Running a tool.'),
          { type: 'tool_use', name: 'Bash', input: { command: 'echo hi' } },
        ],
      },
      { content: [text('Done.')] },
    ], ['--permission-mode', 'bypassPermissions']);
    const printed = lines.filter((l) => l.type === 'assistant').map((l) => (l.message as { content: Array<{ type: string }> }).content[0]?.type);
    expect(printed).toEqual(['thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'mystery_block', 'text', 'tool_use', 'text']);
    const sent = (s.mock.requests[1]?.body.messages as unknown as Array<{ content: Array<Record<string, unknown>> }>)[1]?.content ?? [];
    expect(sent[0]).toEqual({ type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' });
    expect(sent[1]).toEqual({ type: 'redacted_thinking', data: 'REDACTED==' });
    expect(sent[4]).toEqual({ type: 'mystery_block', payload: { a: 1 } });
    expect(result).toMatchObject({ subtype: 'success', result: 'Done.' });
  });
});

describe('refusal through the Agent SDK', () => {
  it('after two refusals end a turn, the next prompt of the same session is answered from a valid history', async () => {
    const s = await scenario([
      { content: [text('I can')], stopReason: 'refusal' },
      { content: [text('Again')], stopReason: 'refusal' },
      { content: [text('Happy to help with that.')] },
    ]);
    scenarios.push(s);
    const messages = await runSdkPrompts(s, ['first question', 'something else']);
    const [refused, answered] = resultsOf(messages);
    expect(refused).toMatchObject({ subtype: 'success', is_error: true, stop_reason: 'refusal', terminal_reason: 'api_error' });
    expect(answered).toMatchObject({ subtype: 'success', is_error: false, result: 'Happy to help with that.', stop_reason: 'end_turn' });
    expect(s.mock.requests).toHaveLength(3);
    const sent = (s.mock.requests[2]?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
    expect(sent.at(-1)?.role).toBe('user');
    expect(JSON.stringify(sent.at(-1)?.content)).toContain('something else');
    // Pulse's own error report never goes to the model.
    expect(JSON.stringify(sent)).not.toContain('<synthetic>');
  });
});
