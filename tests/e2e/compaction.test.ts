// Context management end to end: the built CLI against the mock Messages API with a small
// context window (PULSE_CONTEXT_WINDOW=60000: auto-compaction at 27k tokens). Auto-compaction in a
// long session, reactive compaction on a prompt-too-long reply the user never sees, and /compact
// in print mode on a resumed session.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockAnthropic } from '../support/mockAnthropic.js';
import { lineKinds, resultOf, scenario, STREAM_JSON } from './harness.js';

const SMALL_WINDOW = { PULSE_CONTEXT_WINDOW: '60000' };
const SUMMARY = '<analysis>notes</analysis><summary>1. Goal and intent: read both data files and report. SUMMARY-MARKER</summary>';

/** A file of about `chars` characters that reads as prose (no JSON, so it is counted at 4 chars a token). */
function prose(label: string, chars: number): string {
  const line = `${label}: the quick brown fox jumps over the lazy dog again and again\n`;
  return line.repeat(Math.ceil(chars / line.length));
}

function requestText(mock: MockAnthropic, index: number): string {
  return JSON.stringify(mock.requests[index]?.body.messages ?? []);
}

function isCompactionRequest(mock: MockAnthropic, index: number): boolean {
  const body = mock.requests[index]?.body;
  return JSON.stringify(body?.system ?? '').includes('handover notes') && (body?.tools ?? []).length === 0;
}

describe('context management', () => {
  it('auto-compacts a long session: the next request carries the summary, not the old rounds', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: 'alpha.txt' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Read', input: { file_path: 'beta.txt' } }] },
      { content: [{ type: 'text', text: SUMMARY }] },
      { content: [{ type: 'text', text: 'Both files are about foxes.' }] },
    ]);
    await writeFile(join(s.world.repo, 'alpha.txt'), prose('ALPHA-LINE', 50_000));
    await writeFile(join(s.world.repo, 'beta.txt'), prose('BETA-LINE', 50_000));
    const run = await s.run(['Read alpha.txt and beta.txt and tell me what they are about.', '-p', ...STREAM_JSON], {
      env: SMALL_WINDOW,
    });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(4);
    expect([0, 1, 2, 3].map((index) => isCompactionRequest(s.mock, index))).toEqual([false, false, true, false]);
    expect(requestText(s.mock, 2)).toContain('ALPHA-LINE');
    const after = requestText(s.mock, 3);
    expect(after).toContain('SUMMARY-MARKER');
    expect(after).not.toContain('<analysis>');
    // The old rounds are gone; the files read are re-attached as bounded excerpts instead.
    expect(after).not.toContain('toolu_');
    expect(after).not.toContain('tool_result');
    expect(after).toContain('as read before the conversation was compacted');
    expect(after.length).toBeLessThan(requestText(s.mock, 2).length / 2);

    const lines = run.json();
    const boundaries = lines.filter((line) => line.subtype === 'compact_boundary');
    expect(boundaries).toHaveLength(1);
    expect(boundaries[0]).toMatchObject({
      type: 'system',
      compact_metadata: { trigger: 'auto', pre_tokens: expect.any(Number) },
      session_id: lines[0]?.session_id,
    });
    expect(Number((boundaries[0]?.compact_metadata as { pre_tokens: number }).pre_tokens)).toBeGreaterThan(27_000);
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', is_error: false, result: 'Both files are about foxes.' });
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('answers a prompt-too-long reply with reactive compaction; the user never sees the error', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: 'alpha.txt' } }] },
      { kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' },
      { content: [{ type: 'text', text: SUMMARY }] },
      { content: [{ type: 'text', text: 'Answered after compacting.' }] },
    ]);
    await writeFile(join(s.world.repo, 'alpha.txt'), prose('ALPHA-LINE', 2_000));
    const run = await s.run(['Summarise the project.', '-p', ...STREAM_JSON], { env: SMALL_WINDOW });

    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(4);
    expect(isCompactionRequest(s.mock, 2)).toBe(true);
    expect(requestText(s.mock, 3)).toContain('SUMMARY-MARKER');
    // The task is still open, so its prompt follows the summary word for word.
    expect(requestText(s.mock, 3)).toContain('Summarise the project.');
    const lines = run.json();
    expect(lines.filter((line) => line.type === 'assistant' && line.error !== undefined)).toEqual([]);
    expect(run.stdout).not.toMatch(/prompt is too long/i);
    expect(lineKinds(lines).filter((kind) => kind === 'system/compact_boundary')).toHaveLength(1);
    expect(resultOf(lines)).toMatchObject({ is_error: false, result: 'Answered after compacting.', terminal_reason: 'completed' });
  });

  it('fails at once when the prompt is the whole conversation, saying how large it is and the limit', async () => {
    const s = await scenario([{ kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' }]);
    const run = await s.run(['-p', 'Summarise this.'], { env: SMALL_WINDOW });

    expect(run.code).toBe(1);
    // No summary request: a summary would only retell the prompt.
    expect(s.mock.requests).toHaveLength(1);
    const said = `${run.stdout}${run.stderr}`.trim();
    expect(said.split('\n')).toHaveLength(1);
    expect(said).toContain('250,000 tokens');
    expect(said).toContain('at most 200,000 tokens');
    // The prompt is small: the rest of the request is what every request carries.
    expect(said).toMatch(/The conversation is only about \d+ tokens and has nothing to compact/);
  });

  it('refuses a 10 MB piped prompt without sending it', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never sent' }] }]);
    const run = await s.run(['-p'], { stdin: 'z'.repeat(10 * 1024 * 1024) });

    expect(run.code).toBe(1);
    expect(s.mock.requests).toHaveLength(0);
    const said = `${run.stdout}${run.stderr}`.trim();
    expect(said.split('\n')).toHaveLength(1);
    expect(said).toMatch(/10\.0 MB/);
    expect(said).toMatch(/takes at most [\d,]+ tokens/);
  });

  it('/compact in print mode summarises the resumed session with the instructions, and the next prompt starts from it', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'Noted: the codeword is PAPAYA.' }] },
      { content: [{ type: 'text', text: SUMMARY }] },
      { content: [{ type: 'text', text: 'Carrying on.' }] },
    ]);
    const first = await s.run(['Remember the codeword PAPAYA.', '-p']);
    expect(first.code).toBe(0);

    const compacted = await s.run(['-p', '--continue', '/compact keep the API notes', ...STREAM_JSON]);
    expect(compacted.stderr).toBe('');
    expect(compacted.code).toBe(0);
    expect(isCompactionRequest(s.mock, 1)).toBe(true);
    expect(requestText(s.mock, 1)).toContain('keep the API notes');
    expect(requestText(s.mock, 1)).toContain('PAPAYA');
    const lines = compacted.json();
    const boundaries = lines.filter((line) => line.subtype === 'compact_boundary');
    expect(boundaries).toHaveLength(1);
    expect(boundaries[0]?.compact_metadata).toMatchObject({ trigger: 'manual' });
    expect(resultOf(lines)).toMatchObject({ is_error: false, result: 'Conversation compacted.' });

    const next = await s.run(['-p', '--continue', 'What now?']);
    expect(next.code).toBe(0);
    expect(s.mock.requests).toHaveLength(3);
    const sent = requestText(s.mock, 2);
    expect(sent).toContain('SUMMARY-MARKER');
    expect(sent).not.toContain('Remember the codeword PAPAYA.');
    expect(sent).not.toContain('/compact');
  });
});
