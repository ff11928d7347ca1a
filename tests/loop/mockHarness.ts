// Drives query() with the production model layer (real createCallModel, real SDK client) against
// the project's mock Messages API, so what the loop sends is checked by the mock's pairing rule.
import { afterEach, beforeEach } from 'vitest';
import { createCallModel } from '../../src/api/callModel.js';
import { createClient } from '../../src/api/client.js';
import { noAutocompaction, noMicrocompaction, type QueryParams } from '../../src/query/deps.js';
import { query } from '../../src/query/query.js';
import type { Terminal, Transition } from '../../src/query/state.js';
import { resetSession } from '../../src/state/session.js';
import type { LoopEvent, Message } from '../../src/types/messages.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { historyFrom } from '../support/conversation.js';
import type { MockAnthropic } from '../support/mockAnthropic.js';
import { makeContext } from './harness.js';

export type MockRun = { events: LoopEvent[]; history: Message[]; terminal: Terminal; transitions: Transition[] };

export type MockRunOptions = Partial<Omit<QueryParams, 'deps' | 'observer'>> & {
  onEvent?: (event: LoopEvent) => void;
};

export async function runAgainstMock(mock: MockAnthropic, options: MockRunOptions = {}): Promise<MockRun> {
  const { onEvent, ...overrides } = options;
  resetSession();
  const client = createClient({ baseURL: mock.url, apiKey: 'sk-test' });
  const transitions: Transition[] = [];
  const params: QueryParams = {
    messages: [createUserMessage({ content: 'Do the thing.' })],
    systemPrompt: ['You are a test harness.'],
    tools: [],
    canUseTool: async () => ({ behavior: 'allow' }),
    context: makeContext(),
    source: 'print',
    ...overrides,
    deps: { callModel: createCallModel(() => client), microcompact: noMicrocompaction, autocompact: noAutocompaction },
    observer: { onTransition: (t) => transitions.push(t) },
  };
  const events: LoopEvent[] = [];
  const loop = query(params);
  let step = await loop.next();
  while (!step.done) {
    events.push(step.value);
    onEvent?.(step.value);
    step = await loop.next();
  }
  return { events, history: historyFrom(params.messages, events), terminal: step.value, transitions };
}

/** Continues a finished conversation with one more prompt, as the REPL does after an abort. */
export function continueWith(history: readonly Message[], prompt: string): Message[] {
  return [...history, createUserMessage({ content: prompt })];
}

/** The real model layer retries after 1 ms in the calling test file, so fault scripts run fast. */
export function useFastRetries(): void {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.PULSE_RETRY_BASE_DELAY_MS;
    process.env.PULSE_RETRY_BASE_DELAY_MS = '1';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PULSE_RETRY_BASE_DELAY_MS;
    else process.env.PULSE_RETRY_BASE_DELAY_MS = saved;
  });
}
