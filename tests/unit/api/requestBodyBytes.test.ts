// The first-party client sends the request body from cached pieces; what reaches the wire must
// be byte for byte what the SDK's own messages.create sends (JSON.stringify of the body), with
// the same headers, through the real client and a real HTTP server.
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallModel } from '../../../src/api/callModel.js';
import { createClient } from '../../../src/api/client.js';
import { buildRequestBody } from '../../../src/api/requestBody.js';
import type { MessageParam } from '../../../src/api/types.js';
import { startMockAnthropic, type MockAnthropic } from '../../support/mockAnthropic.js';
import { params, run } from './callModelHarness.js';

let mock: MockAnthropic | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** A conversation of many rounds, with every kind of block and text that JSON must escape. */
function history(rounds: number): MessageParam[] {
  const messages: MessageParam[] = [{ role: 'user', content: 'Start — with “quotes”, a tab\t, 😀 and \u2028' }];
  for (let round = 0; round < rounds; round++) {
    const id = `toolu_${round}`;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `round ${round}: reading "file" \\ next` },
        { type: 'tool_use', id, name: 'Read', input: { file_path: `/tmp/ü/${round}.ts`, offset: round } },
      ],
    });
    messages.push({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: id,
          content: round % 2 ? `${'line\twith\ttabs\n'.repeat(200)}\u0001 lone \ud800` : [{ type: 'text', text: `array result ${round}` }],
          ...(round % 3 === 0 && { is_error: true }),
        },
      ],
    });
  }
  return messages;
}

describe('the request body on the wire', () => {
  it('is what messages.create sends, byte for byte, round after round', async () => {
    mock = await startMockAnthropic({ turns: [], fallback: { content: [{ type: 'text', text: 'ok' }] }, keepRawBodies: true });
    const client = createClient({ baseURL: mock.url, apiKey: 'sk-test' });
    const callModel = createCallModel(() => client);
    const tools = [{ name: 'Read', description: 'Reads a file', input_schema: { type: 'object' as const, properties: { file_path: { type: 'string' } } } }];
    const all = history(30);
    for (const rounds of [1, 2, 10, 30]) {
      const request = params({ messages: all.slice(0, rounds * 2 + 1), tools, thinking: { type: 'enabled', budgetTokens: 2_000 }, maxOutputTokens: 8_000 });
      expect((await run(callModel(request))).error).toBeUndefined();
      const sent = mock.requests.at(-1);
      expect(sent?.rawBody).toBe(JSON.stringify(buildRequestBody(request)));
      // The SDK's own path, with the same beta header, for the body and headers it sends.
      const beta = sent?.headers['anthropic-beta'];
      const reference = client.messages.create(buildRequestBody(request) as MessageCreateParamsStreaming, beta ? { headers: { 'anthropic-beta': beta } } : {});
      for await (const _ of await reference) void _;
      const viaSdk = mock.requests.at(-1);
      expect(sent?.rawBody).toBe(viaSdk?.rawBody);
      expect(sent?.headers).toEqual(viaSdk?.headers);
    }
  });
});
