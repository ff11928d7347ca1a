// Set-up shared by the REPL's pty tests: the built CLI's world and a mock API per test, and every
// pty, mock and world torn down after it (as tests/e2e/harness.ts does for print mode).
import { afterEach } from 'vitest';
import { startMockAnthropic, type MockAnthropic, type MockAnthropicOptions } from '../support/mockAnthropic.js';
import { killPtyPulses } from '../support/ptyPulse.js';
import { assertBuilt, createWorld, type PulseWorld } from '../support/runPulse.js';

export type PtyScenario = {
  world: PulseWorld;
  mock: MockAnthropic;
  /** A key and the mock's address, for `startPtyPulse(world, { env })`. */
  apiEnv: Record<string, string>;
};

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await killPtyPulses();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

export async function ptyScenario(mockOptions: MockAnthropicOptions): Promise<PtyScenario> {
  assertBuilt();
  const world = await createWorld();
  const mock = await startMockAnthropic(mockOptions);
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  return { world, mock, apiEnv: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } };
}
