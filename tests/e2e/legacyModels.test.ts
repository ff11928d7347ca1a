// Legacy model ids end to end, as Claude Code 2.1.332 handled them against the mock: Opus 4 and
// 4.1 are asked of the latest Opus with a one-line warning on stderr in text output, silently in
// the json formats (the reference printed nothing there); a retired model is sent as chosen with
// a warning; CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP keeps the old id.
import { describe, expect, it } from 'vitest';
import { scenario, STREAM_JSON } from './harness.js';

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

describe('legacy model ids', () => {
  it('claude-opus-4-1 is asked of the latest Opus, with one warning line in text output', async () => {
    const s = await scenario([ok]);
    const run = await s.run(['-p', 'hi', '--model', 'claude-opus-4-1']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('ok');
    expect(s.mock.requests.map((request) => request.body.model)).toEqual(['claude-opus-5-5']);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^pulse: warning: claude-opus-4-1 is no longer served.*claude-opus-5-5.*CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP=1/);
  });

  it('stream-json stays quiet and reports the model that answered', async () => {
    const s = await scenario([ok]);
    const run = await s.run(['-p', 'hi', '--model', 'claude-opus-4-20250514', ...STREAM_JSON]);
    expect(run.stderr).toBe('');
    const lines = run.json();
    expect(lines[0]).toMatchObject({ subtype: 'init', model: 'claude-opus-5-5' });
    expect(Object.keys((lines.at(-1) as { modelUsage: object }).modelUsage)).toEqual(['claude-opus-5-5']);
    expect(s.mock.requests[0]?.body.model).toBe('claude-opus-5-5');
  });

  it('CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP sends the old id, warning that it was retired', async () => {
    const s = await scenario([ok]);
    const run = await s.run(['-p', 'hi', '--model', 'claude-opus-4-0'], { env: { CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP: '1' } });
    expect(s.mock.requests[0]?.body.model).toBe('claude-opus-4-0');
    expect(run.stderr).toMatch(/^pulse: warning: Claude Opus 4 \(claude-opus-4-0\) was retired on June 15, 2026/);
  });

  it('a retired model from settings is sent as chosen, with the warning', async () => {
    const s = await scenario([ok]);
    const run = await s.run(['-p', 'hi'], { env: { ANTHROPIC_MODEL: 'claude-3-7-sonnet' } });
    expect(s.mock.requests[0]?.body.model).toBe('claude-3-7-sonnet');
    expect(run.stderr.trim()).toMatch(/^pulse: warning: Claude 3\.7 Sonnet \(claude-3-7-sonnet\) was retired on February 19, 2026; [^\n]+$/);
  });
});
