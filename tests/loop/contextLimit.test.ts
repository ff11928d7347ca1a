// Input plus max_tokens must fit in the model's window. The loop fits max_tokens before it
// sends; when the API still refuses a request with its 400 "input length and `max_tokens` exceed
// context limit", the request goes again at once with an output limit that fits, and the person
// never sees the refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { getModelInfo } from '../../src/api/models.js';
import { fitOutputToWindow, MIN_OUTPUT_TOKENS, outputThatFits, parseContextOverflow } from '../../src/api/contextLimit.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { text } from '../support/scriptedModel.js';
import { runQuery, TEST_MODEL } from './harness.js';
import { runAgainstMock } from './mockHarness.js';

const overflow = (input: number, maxTokens: number, limit: number) => ({
  kind: 'http_error' as const,
  status: 400,
  body: {
    type: 'error',
    error: {
      type: 'invalid_request_error',
      message: `input length and \`max_tokens\` exceed context limit: ${input} + ${maxTokens} > ${limit}, decrease input length or \`max_tokens\` and try again`,
    },
  },
});

let mock: MockAnthropic | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('the output limit and the window', () => {
  it("lowers max_tokens to what fits after the API's 400 and goes on, showing no error", async () => {
    const defaultMax = getModelInfo(TEST_MODEL).defaultMaxOutputTokens;
    mock = await startMockAnthropic({
      turns: [overflow(190_000, defaultMax, 200_000), { content: [{ type: 'text', text: 'Answered within the window.' }] }],
    });
    const run = await runAgainstMock(mock);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(mock.requests.map((r) => r.body.max_tokens)).toEqual([defaultMax, 200_000 - 190_000 - 1_000]);
    expect(run.events.filter((e) => e.type === 'assistant' && e.apiError !== undefined)).toEqual([]);
    expect(run.events.filter((e) => e.type === 'system' && e.subtype === 'api_retry')).toEqual([]);
    expect(JSON.stringify(run.history.at(-1))).toContain('Answered within the window.');
  });

  it('reports a refusal with no room left as prompt-too-long, for the ladder to make room', async () => {
    mock = await startMockAnthropic({ turns: [overflow(199_000, 32_000, 200_000)] });
    const run = await runAgainstMock(mock);
    expect(mock.requests).toHaveLength(1);
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
  });

  it('fits max_tokens beside a large input before sending', async () => {
    const requested = getModelInfo(TEST_MODEL).defaultMaxOutputTokens;
    const window = getModelInfo(TEST_MODEL).contextWindow;
    // About 180k tokens of prompt: the default output limit would take the request past the window.
    const big = await runQuery({ messages: [createUserMessage({ content: 'word '.repeat(108_000) })], turns: [{ blocks: [text('ok')] }] });
    const sent = big.requests[0]?.maxOutputTokens ?? 0;
    expect(sent).toBeLessThan(requested);
    expect(sent).toBeGreaterThanOrEqual(MIN_OUTPUT_TOKENS);
    expect(sent).toBeLessThanOrEqual(window - 180_000);
    const small = await runQuery({ turns: [{ blocks: [text('ok')] }] });
    expect(small.requests[0]?.maxOutputTokens).toBe(requested);
  });

  it('reads the three numbers from the 400 and never goes below the minimum', () => {
    const parsed = parseContextOverflow('input length and `max_tokens` exceed context limit: 188059 + 20000 > 200000, decrease input length');
    expect(parsed).toEqual({ inputTokens: 188_059, maxTokens: 20_000, contextLimit: 200_000 });
    expect(parsed && outputThatFits(parsed)).toBe(10_941);
    expect(outputThatFits({ inputTokens: 197_500, maxTokens: 20_000, contextLimit: 200_000 })).toBeUndefined();
    expect(parseContextOverflow('prompt is too long: 250000 tokens > 200000 maximum')).toBeUndefined();
    expect(fitOutputToWindow(32_000, 10_000, 200_000)).toBe(32_000);
    expect(fitOutputToWindow(32_000, 199_000, 200_000)).toBe(MIN_OUTPUT_TOKENS);
  });
});
