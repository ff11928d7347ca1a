// Limits and API faults end to end: exit codes, result subtypes and retry lines.
import { describe, expect, it } from 'vitest';
import { lineKinds, resultOf, scenario, STREAM_JSON } from './harness.js';

describe('limits and faults', () => {
  it('stops at --max-turns with error_max_turns and exit 1', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'missing.txt' } }] },
      { content: [{ type: 'text', text: 'should not be asked for' }] },
    ]);
    const run = await s.run(['go', '-p', '--max-turns', '1', ...STREAM_JSON]);
    expect(run.code).toBe(1);
    expect(s.mock.requests).toHaveLength(1);
    expect(resultOf(run.json())).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      terminal_reason: 'max_turns',
      errors: ['Reached maximum number of turns (1)'],
    });
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('prints the max-turns error as one line in text mode', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'missing.txt' } }] },
    ]);
    const run = await s.run(['go', '-p', '--max-turns', '1']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('Error: Reached maximum number of turns (1)\n');
  });

  it('waits out a 429 with retry-after, says so, then succeeds', async () => {
    const s = await scenario([
      { kind: 'http_error', status: 429, headers: { 'retry-after': '1' } },
      { content: [{ type: 'text', text: 'after the wait' }] },
    ]);
    const run = await s.run(['hi', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(2);
    const [first, second] = s.mock.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(900);
    const lines = run.json();
    expect(lineKinds(lines)).toEqual(['system/init', 'system/api_retry', 'assistant', 'result/success']);
    expect(lines[1]).toMatchObject({ attempt: 1, error_status: 429, retry_delay_ms: 1000 });
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', result: 'after the wait' });
  });

  it('retries a 500 and succeeds', async () => {
    const s = await scenario([
      { kind: 'http_error', status: 500 },
      { content: [{ type: 'text', text: 'recovered' }] },
    ]);
    const run = await s.run(['hi', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(2);
    expect(lineKinds(run.json())).toContain('system/api_retry');
    expect(resultOf(run.json())).toMatchObject({ subtype: 'success', is_error: false, result: 'recovered' });
  });

  it('reports an API error that outlasts the retries: is_error, exit 1, the line on stdout', async () => {
    const s = await scenario([], { kind: 'http_error', status: 500 });
    const run = await s.run(['hi', '-p'], { env: { PULSE_MAX_RETRIES: '1' } });
    expect(run.code).toBe(1);
    expect(s.mock.requests).toHaveLength(2);
    expect(run.stdout).toMatch(/^API Error: 500/);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('model fallback', () => {
  it('switches to --fallback-model after repeated overload and says so', async () => {
    const overloaded = { kind: 'http_error' as const, status: 529 };
    const s = await scenario([overloaded, overloaded, overloaded, { content: [{ type: 'text', text: 'from the fallback' }] }]);
    const run = await s.run(['hi', '-p', '--model', 'opus', '--fallback-model', 'sonnet', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(s.mock.requests.map((request) => request.body.model)).toEqual([
      'claude-opus-5-5',
      'claude-opus-5-5',
      'claude-opus-5-5',
      'claude-sonnet-5-5',
    ]);
    const lines = run.json();
    expect(lineKinds(lines)).toContain('system/model_fallback');
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', result: 'from the fallback' });
  });

  it('refuses a fallback model equal to the main model', async () => {
    const s = await scenario([]);
    const run = await s.run(['hi', '-p', '--model', 'opus', '--fallback-model', 'claude-opus-5-5']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^pulse: error: the fallback model cannot be the main model/);
    expect(s.mock.requests).toHaveLength(0);
  });
});

describe('interruption', () => {
  it('aborts on SIGINT, still prints the result, and exits 130', async () => {
    const s = await scenario([{ kind: 'hang', afterEvents: 2 }]);
    const pulse = s.start(['wait forever', '-p', ...STREAM_JSON]);
    await s.mock.waitForRequests(1);
    pulse.child.kill('SIGINT');
    const run = await pulse.finished;
    expect(run.code).toBe(130);
    expect(resultOf(run.json())).toMatchObject({ subtype: 'error_during_execution', is_error: true });
  });
});
