// Shared set-up for the e2e tests: a fresh world and mock server per test, torn down after.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import {
  createWorld,
  runPulse,
  startPulse,
  type PulseRun,
  type PulseWorld,
  type RunOptions,
  type StartedPulse,
} from '../support/runPulse.js';

export type Scenario = {
  world: PulseWorld;
  mock: MockAnthropic;
  run(args: string[], options?: Omit<RunOptions, 'world' | 'baseUrl'>): Promise<PulseRun>;
  start(args: string[], options?: Omit<RunOptions, 'world' | 'baseUrl'>): StartedPulse;
};

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

export async function scenario(turns: MockTurn[], fallback?: MockTurn): Promise<Scenario> {
  const world = await createWorld();
  const mock = await startMockAnthropic({ turns, requireKey: true, ...(fallback ? { fallback } : {}) });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  return {
    world,
    mock,
    run: (args, options = {}) => runPulse(args, { ...options, world, baseUrl: mock.url }),
    start: (args, options = {}) => startPulse(args, { ...options, world, baseUrl: mock.url }),
  };
}

/** The type (and subtype) of each stream-json line, for asserting the order. */
export function lineKinds(lines: Array<Record<string, unknown>>): string[] {
  return lines.map((line) => (line.subtype ? `${String(line.type)}/${String(line.subtype)}` : String(line.type)));
}

export function resultOf(lines: Array<Record<string, unknown>>): Record<string, unknown> {
  const result = lines.at(-1);
  if (result?.type !== 'result') throw new Error(`last line is not a result: ${JSON.stringify(result)}`);
  return result;
}

/** The tool_result blocks the model was sent in the request at `index`. */
export function toolResultsSent(mock: MockAnthropic, index: number): Array<Record<string, unknown>> {
  const messages = (mock.requests[index]?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as Array<Record<string, unknown>>).filter((block) => block.type === 'tool_result')
      : [],
  );
}

/** Every line of every transcript the scenario's runs saved. */
export function transcriptLines(s: Scenario): Array<Record<string, unknown>> {
  const projects = join(s.world.configDir, 'projects');
  return readdirSync(projects).flatMap((dir) =>
    readdirSync(join(projects, dir))
      .filter((name) => name.endsWith('.jsonl'))
      .flatMap((name) => readFileSync(join(projects, dir, name), 'utf8').trim().split('\n'))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

export const STREAM_JSON = ['--output-format', 'stream-json', '--verbose'];
