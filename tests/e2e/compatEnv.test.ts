// Claude Code's environment variables, set the way a switching user has them, reach the built
// CLI: retries, gateway headers; and where Pulse's own name is set too, Pulse's wins.
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { scenario } from './harness.js';

const failing: MockTurn = { kind: 'http_error', status: 500 };
const FAST = { PULSE_RETRY_BASE_DELAY_MS: '1' };

describe("Claude Code's environment variables", () => {
  it('CLAUDE_CODE_MAX_RETRIES=2 means three tries in all', async () => {
    const s = await scenario([], failing);
    const run = await s.run(['hi', '-p'], { env: { ...FAST, CLAUDE_CODE_MAX_RETRIES: '2' } });
    expect(run.code).not.toBe(0);
    expect(s.mock.requests).toHaveLength(3);
  });

  it('PULSE_MAX_RETRIES wins when both are set', async () => {
    const s = await scenario([], failing);
    const run = await s.run(['hi', '-p'], { env: { ...FAST, CLAUDE_CODE_MAX_RETRIES: '3', PULSE_MAX_RETRIES: '1' } });
    expect(run.code).not.toBe(0);
    expect(s.mock.requests).toHaveLength(2);
  });

  it('ANTHROPIC_CUSTOM_HEADERS adds each Name: Value line to the requests', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const run = await s.run(['hi', '-p'], {
      env: { ANTHROPIC_CUSTOM_HEADERS: 'X-Gateway-Team: platform\nX-Trace: abc:def\nnot a header' },
    });
    expect(run.code).toBe(0);
    expect(s.mock.requests[0]?.headers).toMatchObject({ 'x-gateway-team': 'platform', 'x-trace': 'abc:def' });
  });
});
