// Shared setup for callModel tests: the real SDK client pointed at the mock server.
import { createCallModel } from '../../../src/api/callModel.js';
import { createClient } from '../../../src/api/client.js';
import type { CallModelParams, ModelEvent } from '../../../src/api/types.js';
import type { AssistantMessage, SystemMessage, TombstoneMessage } from '../../../src/types/messages.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../../support/mockAnthropic.js';

export type Run = { events: ModelEvent[]; error?: unknown };

export async function withMock(turns: MockTurn[]): Promise<{ mock: MockAnthropic; callModel: ReturnType<typeof createCallModel> }> {
  const mock = await startMockAnthropic({ turns });
  const client = createClient({ baseURL: mock.url, apiKey: 'sk-test' });
  return { mock, callModel: createCallModel(() => client) };
}

export function params(overrides: Partial<CallModelParams> = {}): CallModelParams {
  return {
    messages: [{ role: 'user', content: 'Hello there' }],
    system: [{ type: 'text', text: 'You are a test.' }],
    tools: [],
    model: 'claude-opus-4-8',
    maxOutputTokens: 1000,
    signal: new AbortController().signal,
    querySource: 'print',
    ...overrides,
  };
}

export async function run(gen: AsyncGenerator<ModelEvent, void>): Promise<Run> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of gen) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

export const assistants = (events: ModelEvent[]): AssistantMessage[] =>
  events.filter((e): e is AssistantMessage => e.type === 'assistant');

export const retries = (events: ModelEvent[]): SystemMessage[] =>
  events.filter((e): e is SystemMessage => e.type === 'system' && e.subtype === 'api_retry');

export const tombstones = (events: ModelEvent[]): TombstoneMessage[] =>
  events.filter((e): e is TombstoneMessage => e.type === 'tombstone');

export const streamEventTypes = (events: ModelEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'stream_event' ? [e.event.type] : []));

/** Sets env vars for one test and returns a function that restores them. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>): void => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  return () => apply(saved);
}
