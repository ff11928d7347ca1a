// Print output compared key by key with the reference. The reference is not installed in CI, so
// its key set for one scenario (Read, then Bash, then an answer; stream-json) was recorded from
// Claude Code 2.1.332 against this project's mock into tests/fixtures/reference-output/. Every key
// the reference prints must be in Pulse's output too, except the differences listed here (and in
// the README) with the reason for each; Pulse may add only the keys listed as its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownDifference, keyPaths, KNOWN_KEY_DIFFERENCES, PULSE_ONLY_KEYS, shapeKind as kindOf } from '../support/sdkLineShapes.js';
import { scenario, STREAM_JSON } from './harness.js';

type Recorded = { order: string[]; keys: Record<string, string[]> };
const RECORDED = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'reference-output', 'read-bash-keys.json'), 'utf8'),
) as Recorded;

/** Per tool, the tool-result lines' differences (the rest are every run's, in KNOWN_KEY_DIFFERENCES). */
const NOT_IN_PULSE: Record<string, Record<string, string>> = {
  'user/tool_result (Read)': KNOWN_KEY_DIFFERENCES['user/tool_result'] ?? {},
  'user/tool_result (Bash)': KNOWN_KEY_DIFFERENCES['user/tool_result'] ?? {},
};

function isDocumented(kind: string, path: string): boolean {
  return isKnownDifference(KNOWN_KEY_DIFFERENCES, kind, path) || isKnownDifference(NOT_IN_PULSE, kind, path);
}

describe('print output against the reference', () => {
  it('prints every key the reference prints for a Read + Bash run, but the documented differences', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: "I'll read it." }, { type: 'tool_use', name: 'Read', input: { file_path: 'hello.txt' } }] },
      { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo hi; echo err >&2', description: 'say hi' } }] },
      { content: [{ type: 'text', text: 'The secret word is PAPAYA.' }] },
    ]);
    writeFileSync(join(s.world.repo, 'hello.txt'), 'Hello PAPAYA\nLine two\n');
    const run = await s.run(['-p', 'What is the secret?', ...STREAM_JSON, '--permission-mode', 'bypassPermissions'], { env: { IS_SANDBOX: '1' } });
    expect(run.code).toBe(0);
    const lines = run.json();
    expect(lines.map(kindOf)).toEqual(RECORDED.order);

    const seen: Record<string, Set<string>> = {};
    let toolResults = 0;
    for (const line of lines) {
      let kind = kindOf(line);
      if (kind === 'user/tool_result') kind = toolResults++ === 0 ? 'user/tool_result (Read)' : 'user/tool_result (Bash)';
      seen[kind] ??= new Set();
      for (const path of keyPaths(line)) seen[kind]?.add(path);
    }
    for (const [kind, keys] of Object.entries(RECORDED.keys)) {
      const mine = seen[kind] ?? new Set<string>();
      const missing = keys.filter((path) => !mine.has(path) && !isDocumented(kind, path));
      expect({ kind, missing }).toEqual({ kind, missing: [] });
      const extra = [...mine].filter((path) => !keys.includes(path) && !(PULSE_ONLY_KEYS[kind] ?? []).includes(path));
      expect({ kind, extra }).toEqual({ kind, extra: [] });
    }

    const [readResult, bashResult] = lines.filter((line) => kindOf(line) === 'user/tool_result');
    expect(readResult?.tool_use_result).toMatchObject({ type: 'text', file: { content: 'Hello PAPAYA\nLine two\n', numLines: 3, startLine: 1, totalLines: 3 } });
    expect(bashResult?.tool_use_result).toEqual({ stdout: 'hi\nerr', stderr: '', interrupted: false, isImage: false, noOutputExpected: false });
    expect((bashResult?.message as { content: Array<{ is_error?: boolean }> }).content[0]?.is_error).toBe(false);
    expect(lines[0]?.claude_code_version).toBe('2.1.332');
  });

  it('prints the array of every message with json --verbose, and the result alone without it', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'one' }] }, { content: [{ type: 'text', text: 'two' }] }]);
    const verbose = await s.run(['-p', 'hi', '--output-format', 'json', '--verbose']);
    const all = JSON.parse(verbose.stdout) as Array<Record<string, unknown>>;
    expect(all.map(kindOf)).toEqual(['system/init', 'assistant', 'result/success']);
    const plain = JSON.parse((await s.run(['-p', 'hi', '--output-format', 'json'])).stdout) as Record<string, unknown>;
    expect(plain).toMatchObject({ type: 'result', subtype: 'success', result: 'two' });
  });

  it('reports a missing API key as an is_error result on stdout in the json formats, exit 1', async () => {
    const s = await scenario([]);
    for (const format of ['json', 'stream-json']) {
      const run = await s.run(['-p', 'hi', '--output-format', format, '--verbose'], { apiKey: null });
      expect(run.code).toBe(1);
      const lines = format === 'json' ? (JSON.parse(run.stdout) as Array<Record<string, unknown>>) : run.json();
      expect(lines.map(kindOf)).toEqual(['system/init', 'assistant/error', 'result/success']);
      expect(lines[0]?.apiKeySource).toBe('none');
      expect(lines[1]).toMatchObject({ error: 'authentication_failed', is_api_error_message: true });
      expect(lines[2]).toMatchObject({ is_error: true, num_turns: 1 });
      expect(String(lines[2]?.result)).toMatch(/API key/);
    }
    expect(s.mock.requests).toHaveLength(0);
  });

  it('counts the turn --max-turns refused, as the reference does', async () => {
    const s = await scenario([{ content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo one' } }] }]);
    const run = await s.run(['-p', 'go', '--output-format', 'json', '--max-turns', '1', '--permission-mode', 'bypassPermissions'], { env: { IS_SANDBOX: '1' } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'error_max_turns', is_error: true, num_turns: 2 });
  });
});
