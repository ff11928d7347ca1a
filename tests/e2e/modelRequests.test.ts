// The built CLI's model requests against the mock, compared field by field with what Claude Code
// 2.1.332 sent in the same runs: the default model, its thinking, effort and output limit, and
// the flags, settings and environment variables that change them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/mockAnthropic.js';
import { scenario } from './harness.js';

const OK = { content: [{ type: 'text' as const, text: 'ok' }] };

function fields(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body ?? {};
  return {
    model: body.model,
    max_tokens: body.max_tokens,
    thinking: body.thinking,
    output_config: body.output_config,
    context_management: body.context_management,
  };
}

async function firstRequest(args: string[], env: Record<string, string> = {}): Promise<RecordedRequest | undefined> {
  const s = await scenario([OK]);
  const run = await s.run(['hi', '-p', ...args], { env });
  // A retired model gets a one-line notice; nothing else may reach stderr.
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.code).toBe(0);
  return s.mock.requests[0];
}

const KEEP_THINKING = { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] };

describe('model requests as the reference sends them', () => {
  it('defaults to claude-opus-5-5 with adaptive thinking, medium effort, 128k output and the betas for them', async () => {
    const request = await firstRequest([]);
    expect(fields(request)).toEqual({
      model: 'claude-opus-5-5',
      max_tokens: 128_000,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'medium' },
      context_management: KEEP_THINKING,
    });
    expect(request?.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,context-management-2025-06-27,effort-2025-11-24');
  });

  it('--effort sets the level; a level the model does not take becomes the next one down', async () => {
    expect(fields(await firstRequest(['--effort', 'max'])).output_config).toEqual({ effort: 'max' });
    expect(fields(await firstRequest(['--model', 'claude-opus-4-6', '--effort', 'xhigh']))).toMatchObject({
      model: 'claude-opus-4-6',
      max_tokens: 64_000,
      output_config: { effort: 'high' },
    });
  });

  it('CLAUDE_CODE_EFFORT_LEVEL beats --effort, which beats the effortLevel setting', async () => {
    const settings = JSON.stringify({ effortLevel: 'low' });
    expect(fields(await firstRequest(['--settings', settings])).output_config).toEqual({ effort: 'low' });
    expect(fields(await firstRequest(['--settings', settings, '--effort', 'high'])).output_config).toEqual({ effort: 'high' });
    const fromEnv = await firstRequest(['--effort', 'high'], { CLAUDE_CODE_EFFORT_LEVEL: 'xhigh' });
    expect(fields(fromEnv).output_config).toEqual({ effort: 'xhigh' });
  });

  it('reads effortLevel from the user settings file too', async () => {
    const s = await scenario([OK]);
    await mkdir(join(s.world.home, '.claude'), { recursive: true });
    await writeFile(join(s.world.home, '.claude', 'settings.json'), JSON.stringify({ effortLevel: 'max' }));
    const run = await s.run(['hi', '-p']);
    expect(run.code).toBe(0);
    expect(s.mock.requests[0]?.body.output_config).toEqual({ effort: 'max' });
  });

  it('refuses an unknown --effort in one line', async () => {
    const s = await scenario([OK]);
    const run = await s.run(['hi', '-p', '--effort', 'huge']);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--effort.*huge/);
    expect(s.mock.requests).toHaveLength(0);
  });

  it('a budget model thinks on MAX_THINKING_TOKENS and takes no effort', async () => {
    const request = await firstRequest(['--model', 'claude-sonnet-4-5'], { MAX_THINKING_TOKENS: '5000' });
    expect(fields(request)).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 32_000,
      thinking: { type: 'enabled', budget_tokens: 5_000 },
      output_config: undefined,
      context_management: KEEP_THINKING,
    });
    expect(request?.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,context-management-2025-06-27');
  });

  it('the SDK\'s --thinking=disabled turns thinking off on a model that can go without, as --max-thinking-tokens=0 does', async () => {
    expect(fields(await firstRequest(['--model', 'claude-sonnet-4-5'])).thinking).toMatchObject({ type: 'enabled' });
    for (const flag of ['--thinking=disabled', '--max-thinking-tokens=0']) {
      const request = await firstRequest(['--model', 'claude-sonnet-4-5', flag]);
      expect(request?.body.thinking).toEqual({ type: 'disabled' });
      expect(request?.body.context_management).toBeUndefined();
    }
  });

  it('CLAUDE_CODE_MAX_OUTPUT_TOKENS sets max_tokens, never above the model\'s limit', async () => {
    expect(fields(await firstRequest([], { CLAUDE_CODE_MAX_OUTPUT_TOKENS: '1000' })).max_tokens).toBe(1_000);
    expect(fields(await firstRequest([], { CLAUDE_CODE_MAX_OUTPUT_TOKENS: '999999' })).max_tokens).toBe(128_000);
  });

  it('ANTHROPIC_DEFAULT_*_MODEL pins an alias, and the Opus pin is the default', async () => {
    const pins = { ANTHROPIC_DEFAULT_OPUS_MODEL: 'gateway-opus', ANTHROPIC_DEFAULT_SONNET_MODEL: 'claude-sonnet-4-5-20250929' };
    expect(fields(await firstRequest([], pins)).model).toBe('gateway-opus');
    expect(fields(await firstRequest(['--model', 'sonnet'], pins)).model).toBe('claude-sonnet-4-5-20250929');
    expect(fields(await firstRequest(['--model', 'fable'])).model).toBe('claude-fable-5-2');
  });

  it('/effort changes the effort of the next request in a session (stream-json input, as an SDK host sends it)', async () => {
    const s = await scenario([OK, OK]);
    const line = (content: string) => JSON.stringify({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });
    const stdin = [line('hi'), line('/effort low'), line('hi again'), ''].join('\n');
    const run = await s.run(['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], { stdin });
    expect(run.code).toBe(0);
    expect(s.mock.requests.map((request) => request.body.output_config)).toEqual([{ effort: 'medium' }, { effort: 'low' }]);
    const results = run.json().filter((message) => message.type === 'result');
    expect(results[1]).toMatchObject({ result: 'Effort set to low for this session, from the next message.', is_error: false });
  });

  it('-p "/effort high" answers locally, for the session only, and sends nothing', async () => {
    const s = await scenario([OK]);
    const run = await s.run(['-p', '/effort high']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('Effort set to high for this session, from the next message.');
    expect(s.mock.requests).toHaveLength(0);
  });
});

