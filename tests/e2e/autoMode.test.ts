// Auto mode end to end: the built CLI in print mode with --permission-mode auto against the mock,
// whose scripted turns include the reviewer's answers (allow, block, malformed, slow, error).
// The reviewer's request is told apart by its instructions, so a test can check what it was sent.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModel } from '../../src/api/models.js';
import type { MockTurn, RecordedRequest } from '../support/mockAnthropic.js';
import { resultOf, scenario, STREAM_JSON, toolResultsSent, transcriptLines } from './harness.js';

const TOUCH = { content: [{ type: 'tool_use' as const, id: 'toolu_touch', name: 'Bash', input: { command: 'touch made.txt' } }] };
const DONE = { content: [{ type: 'text' as const, text: 'Done.' }] };
const reviewerSays = (text: string): MockTurn => ({ content: [{ type: 'text', text }], usage: { input_tokens: 400, output_tokens: 12 } });

function isReview(request: RecordedRequest | undefined): boolean {
  return JSON.stringify(request?.body.system ?? '').includes('You review one action');
}

async function runAuto(turns: MockTurn[], env: Record<string, string> = {}, extra: string[] = []) {
  const s = await scenario(turns);
  const run = await s.run(['make the file', '-p', '--permission-mode', 'auto', ...extra, ...STREAM_JSON], { env });
  return { s, run };
}

describe('auto mode in print mode', () => {
  it('runs a call the reviewer allows; the review is in the transcript and in the cost', async () => {
    const { s, run } = await runAuto([TOUCH, reviewerSays('ALLOW: the user asked for the file.'), DONE]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(s.world.repo, 'made.txt'))).toBe(true);
    const review = s.mock.requests[1];
    expect(isReview(review)).toBe(true);
    expect(review?.body.model).toBe('claude-haiku-5-5');
    expect(JSON.stringify(review?.body.messages)).toContain('1. make the file');
    expect(JSON.stringify(review?.body.messages)).toContain('touch made.txt');
    const notes = transcriptLines(s).filter((line) => line.type === 'system' && (line.data as Record<string, unknown> | undefined)?.autoModeReview);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ content: 'Auto mode allowed Bash(touch made.txt): the user asked for the file.' });
    const result = resultOf(run.json());
    const usage = result.modelUsage as Record<string, { costUSD: number }>;
    expect(Object.keys(usage).sort()).toEqual(['claude-haiku-5-5', 'claude-opus-5-5']);
    const summed = Object.values(usage).reduce((total, model) => total + model.costUSD, 0);
    expect(result.total_cost_usd).toBeCloseTo(summed, 10);
    expect(usage['claude-haiku-5-5']?.costUSD).toBeGreaterThan(0);
  });

  it('refuses a call the reviewer blocks, and tells the model why', async () => {
    const { s, run } = await runAuto([TOUCH, reviewerSays('BLOCK: nobody asked for files in this folder.'), DONE]);
    expect(run.code).toBe(0);
    expect(existsSync(join(s.world.repo, 'made.txt'))).toBe(false);
    const [block] = toolResultsSent(s.mock, 2);
    expect(block).toMatchObject({ is_error: true });
    expect(JSON.stringify(block?.content)).toContain("Auto mode's reviewer blocked Bash: nobody asked for files in this folder.");
    expect(resultOf(run.json()).permission_denials).toEqual([expect.objectContaining({ tool_name: 'Bash' })]);
    const notes = transcriptLines(s).filter((line) => line.type === 'system' && String(line.content).startsWith('Auto mode blocked'));
    expect(notes).toHaveLength(1);
  });

  it.each([
    ['a malformed answer', [reviewerSays('Sure, that seems fine.')], {}],
    ['an error', [{ kind: 'http_error', status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'bad request' } } } as MockTurn], {}],
    ['no answer in time', [{ kind: 'hang' } as MockTurn], { PULSE_AUTO_MODE_TIMEOUT_MS: '300' }],
  ])('refuses after %s: the question would go to a person, and print mode has none', async (_name, answer, env) => {
    const { s, run } = await runAuto([TOUCH, ...answer, DONE], env);
    expect(run.code).toBe(0);
    expect(existsSync(join(s.world.repo, 'made.txt'))).toBe(false);
    const lastMain = s.mock.requests.findLast((request) => !isReview(request));
    const results = JSON.stringify(lastMain?.body.messages);
    expect(results).toContain('Auto mode: the reviewer could not decide');
    expect(results).toContain('Print mode cannot ask for that approval, so the call was not run.');
    expect(resultOf(run.json()).permission_denials).toHaveLength(1);
  });

  it('never asks the reviewer about what a deny rule refuses, or about reading the project', async () => {
    const { s, run } = await runAuto(
      [
        { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: { command: 'touch a && rm -rf x' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'README.md' } }] },
        DONE,
      ],
      {},
      ['--disallowedTools', 'Bash(rm:*)'],
    );
    expect(run.code).toBe(0);
    expect(s.mock.requests.filter(isReview)).toHaveLength(0);
    expect(JSON.stringify(toolResultsSent(s.mock, 1))).toContain('denied by rule Bash(rm:*)');
  });

  it('shows its verdicts in pulse permissions explain, and what it would do with the call', async () => {
    const { s, run } = await runAuto([TOUCH, reviewerSays('BLOCK: nobody asked for files in this folder.'), DONE]);
    expect(run.code).toBe(0);
    const explained = await s.run(['permissions', 'explain', 'touch made.txt', '--mode', 'auto']);
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout).toContain('Verdict: ask');
    const reviewer = resolveModel('haiku');
    expect(explained.stdout).toContain(`Auto mode: the reviewer (${reviewer}) decides; if it fails, times out or answers otherwise, you are asked`);
    expect(explained.stdout).toMatch(
      new RegExp(`Auto mode's earlier verdicts on this call \\(newest first\\):\n {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC blocked \\(${reviewer}, session [0-9a-f]{8}\\): nobody asked for files in this folder\\.`),
    );
    const other = await s.run(['permissions', 'explain', 'touch other.txt']);
    expect(other.stdout).not.toContain('Auto mode');
    const denied = await s.run(['permissions', 'explain', 'touch made.txt', '--mode', 'auto', '--disallowedTools', 'Bash(touch:*)']);
    expect(denied.stdout).toContain('Auto mode: a refusal is never sent to the reviewer.');
  });

  it('is refused at start when settings turn it off', async () => {
    const s = await scenario([DONE]);
    const settings = JSON.stringify({ permissions: { disableAutoMode: 'disable' } });
    const run = await s.run(['hi', '-p', '--permission-mode', 'auto', '--settings', settings]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'pulse: error: auto mode is turned off by permissions.disableAutoMode in settings; choose another --permission-mode',
    );
  });
});
