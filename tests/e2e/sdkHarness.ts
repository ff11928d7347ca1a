// Drives the built Pulse through the official Agent SDK, the way a program written against the
// SDK would: `pathToClaudeCodeExecutable` points at dist/pulse.js, which the SDK runs with node.
import { query, type Options, type Query, type SDKMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { PULSE_BIN, worldEnv } from '../support/runPulse.js';
import type { Scenario } from './harness.js';

export type SdkRun = { messages: SDKMessage[]; stderr: string };

/** The SDK's options for a scenario: Pulse's binary, the temp world, and only the test's env. */
export function sdkOptions(s: Scenario, extra: Partial<Options> = {}, stderr: string[] = []): Options {
  return {
    pathToClaudeCodeExecutable: PULSE_BIN,
    cwd: s.world.repo,
    env: {
      ...worldEnv(s.world),
      ANTHROPIC_BASE_URL: s.mock.url,
      ANTHROPIC_API_KEY: 'sk-test',
      PULSE_RETRY_BASE_DELAY_MS: '10',
    },
    stderr: (text) => stderr.push(text),
    ...extra,
  };
}

export async function collect(run: Query): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of run) messages.push(message);
  return messages;
}

export async function runSdkQuery(
  s: Scenario,
  prompt: string | AsyncIterable<SDKUserMessage>,
  extra: Partial<Options> = {},
): Promise<SdkRun> {
  const stderr: string[] = [];
  const messages = await collect(query({ prompt, options: sdkOptions(s, extra, stderr) }));
  return { messages, stderr: stderr.join('') };
}

/**
 * One SDK session, one prompt after another: each is sent once the previous one's result is in
 * (after `betweenTurns`, which may send control requests), then stdin closes.
 */
export async function runSdkPrompts(
  s: Scenario,
  texts: string[],
  extra: Partial<Options> = {},
  betweenTurns: (q: Query) => Promise<void> = async () => {},
): Promise<SDKMessage[]> {
  let answered: () => void = () => {};
  async function* prompts(): AsyncGenerator<SDKUserMessage> {
    for (const text of texts) {
      const result = new Promise<void>((resolve) => {
        answered = resolve;
      });
      yield userMessage(text);
      await result;
    }
  }
  const q = query({ prompt: prompts(), options: sdkOptions(s, extra) });
  const messages: SDKMessage[] = [];
  for await (const message of q) {
    messages.push(message);
    if (message.type !== 'result') continue;
    if (resultsOf(messages).length < texts.length) await betweenTurns(q);
    answered();
  }
  return messages;
}

export function userMessage(text: string): SDKUserMessage {
  return { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' };
}

export function resultsOf(messages: SDKMessage[]): Array<Extract<SDKMessage, { type: 'result' }>> {
  return messages.filter((message): message is Extract<SDKMessage, { type: 'result' }> => message.type === 'result');
}
