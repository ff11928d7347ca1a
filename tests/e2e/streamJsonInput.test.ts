// stream-json input without the SDK: raw NDJSON lines on stdin, including broken ones.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PULSE_BIN, worldEnv } from '../support/runPulse.js';
import { lineKinds, scenario, STREAM_JSON } from './harness.js';

const STREAM_JSON_IN = [...STREAM_JSON, '--input-format', 'stream-json'];

function userLine(text: string): string {
  return JSON.stringify({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });
}

describe('stream-json input', () => {
  it('reports malformed lines clearly and keeps serving the next one', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'still here' }] }]);
    const stdin = [
      'this is not json',
      JSON.stringify({ type: 'bogus' }),
      JSON.stringify({ type: 'user', message: { role: 'user' } }),
      JSON.stringify({ type: 'control_request', request_id: 'r1', request: { subtype: 'no_such_request' } }),
      userLine('are you there?'),
      '',
    ].join('\n');
    const run = await s.run(STREAM_JSON_IN, { stdin });
    expect(run.code).toBe(0);
    const lines = run.json();
    const errors = lines.filter((line) => line.subtype === 'input_error');
    expect(errors).toHaveLength(3);
    expect(String(errors[0]?.error)).toMatch(/not valid JSON/);
    expect(String(errors[1]?.error)).toMatch(/unknown "type"/);
    expect(String(errors[2]?.error)).toMatch(/message\.content/);
    const unknown = lines.find((line) => line.type === 'control_response');
    expect(unknown).toMatchObject({ response: { subtype: 'error', request_id: 'r1' } });
    expect(lineKinds(lines)).toContain('result/success');
    expect(lines.at(-1)).toMatchObject({ type: 'result', result: 'still here' });
  });

  it('echoes user lines with --replay-user-messages and queues lines sent during a turn', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'one' }] },
      { content: [{ type: 'text', text: 'two' }] },
    ]);
    const run = await s.run([...STREAM_JSON_IN, '--replay-user-messages'], { stdin: `${userLine('first')}\n${userLine('second')}\n` });
    expect(run.code).toBe(0);
    const lines = run.json();
    const replays = lines.filter((line) => line.type === 'user' && line.isReplay === true);
    expect(replays.map((line) => (line.message as { content: string }).content)).toEqual(['first', 'second']);
    expect(lines.filter((line) => line.type === 'result').map((line) => line.result)).toEqual(['one', 'two']);
  });

  it('runs /compact between turns: the next turn is sent the summary, not the earlier exchange', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'Noted PAPAYA.' }] },
      { content: [{ type: 'text', text: '<summary>1. Goal and intent: remember the codeword. SDK-SUMMARY</summary>' }] },
      { content: [{ type: 'text', text: 'Still with you.' }] },
    ]);
    const stdin = [userLine('Remember the codeword PAPAYA.'), userLine('/compact keep the codeword'), userLine('Still there?'), ''].join('\n');
    const run = await s.run(STREAM_JSON_IN, { stdin });
    expect(run.code).toBe(0);
    const lines = run.json();
    expect(lines.filter((line) => line.subtype === 'compact_boundary')).toEqual([
      expect.objectContaining({ compact_metadata: expect.objectContaining({ trigger: 'manual' }) }),
    ]);
    expect(lines.filter((line) => line.type === 'result').map((line) => line.result)).toEqual([
      'Noted PAPAYA.',
      'Conversation compacted.',
      'Still with you.',
    ]);
    expect(JSON.stringify(s.mock.requests[1]?.body.messages)).toContain('keep the codeword');
    const last = JSON.stringify(s.mock.requests[2]?.body.messages);
    expect(last).toContain('SDK-SUMMARY');
    expect(last).not.toContain('Remember the codeword PAPAYA.');
  });

  it('needs stream-json output', async () => {
    const s = await scenario([]);
    const run = await s.run(['--input-format', 'stream-json', '-p'], { stdin: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--input-format stream-json needs --output-format stream-json/);
  });

  it('ends on SIGTERM while stdin is still open: the turn is aborted, a result printed, exit 143', async () => {
    const s = await scenario([{ kind: 'hang', afterEvents: 2 }]);
    const child = spawn(process.execPath, [PULSE_BIN, ...STREAM_JSON_IN], {
      cwd: s.world.repo,
      env: {
        ...worldEnv(s.world),
        ANTHROPIC_BASE_URL: s.mock.url,
        ANTHROPIC_API_KEY: 'sk-test',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    child.stdin.write(`${userLine('wait here')}\n`);
    await s.mock.waitForRequests(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    child.stdin.destroy();
    const last = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'result', subtype: 'error_during_execution', is_error: true });
  });
});
