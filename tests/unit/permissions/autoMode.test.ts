// Auto mode's step of the resolution chain with a scripted reviewer: what reaches the reviewer,
// what it is told, and what each kind of answer (allow, block, malformed, slow, error) becomes.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallModel, CallModelParams, ModelEvent } from '../../../src/api/types.js';
import { MAX_CONSECUTIVE_BLOCKS, MAX_TOTAL_BLOCKS } from '../../../src/permissions/auto/review.js';
import { newAutoModeSession } from '../../../src/permissions/auto/gate.js';
import { parseReview } from '../../../src/permissions/auto/reviewer.js';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { WriteTool } from '../../../src/tools/write/WriteTool.js';
import type { AnyTool } from '../../../src/tools/Tool.js';
import type { Message } from '../../../src/types/messages.js';
import type { AutoModeSession, PermissionRule } from '../../../src/types/permissions.js';
import { createUserMessage } from '../../../src/utils/messages.js';
import { makeToolContext } from '../../support/toolContext.js';

let project: string;
let session: AutoModeSession;
let asked: CallModelParams[];

beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-auto-')));
  session = newAutoModeSession('claude-haiku-4-5');
  asked = [];
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(project, { recursive: true, force: true });
});

type Answer = { text: string } | { apiError: string } | { hang: true };

function reviewer(...answers: Answer[]): CallModel {
  return async function* scripted(params): AsyncGenerator<ModelEvent, void> {
    asked.push(params);
    const answer = answers.shift() ?? { text: 'ALLOW: nothing scripted' };
    if ('hang' in answer) {
      await new Promise((_resolve, reject) => params.signal.addEventListener('abort', () => reject(params.signal.reason), { once: true }));
      return;
    }
    const text = 'text' in answer ? answer.text : answer.apiError;
    yield {
      type: 'assistant',
      uuid: `a-${asked.length}`,
      timestamp: new Date().toISOString(),
      message: {
        id: `msg_${asked.length}`,
        type: 'message',
        role: 'assistant',
        model: params.model,
        content: [{ type: 'text', text, citations: null }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      },
      ...('apiError' in answer ? { apiError: 'server_error' as const } : {}),
    } as ModelEvent;
  };
}

const conversation: Message[] = [
  createUserMessage({ content: 'Clean the build output and rerun the tests' }),
  createUserMessage({ content: 'a reminder Pulse added', isMeta: true }),
];

function decide(tool: AnyTool, input: Record<string, unknown>, callModel: CallModel, rules: PermissionRule[] = []) {
  const ctx = makeToolContext(project, {
    getPermissionContext: () => ({ mode: 'auto', rules, workingDirectories: [project], autoMode: session }),
    callModel,
    conversation: () => conversation,
  });
  return resolvePermission(tool, input, ctx);
}

const rmBuild = { command: 'rm -rf build' };

describe('auto mode: what the reviewer decides', () => {
  it('allows with the reviewer\'s reason, having shown it the request and the action', async () => {
    const decision = await decide(BashTool, rmBuild, reviewer({ text: 'ALLOW: the user asked to clean the build output.' }));
    expect(decision).toEqual({
      behavior: 'allow',
      reason: 'Auto mode: the user asked to clean the build output.',
      review: { verdict: 'allow', reason: 'the user asked to clean the build output.', model: 'claude-haiku-4-5' },
    });
    const [request] = asked;
    expect(request?.model).toBe('claude-haiku-4-5');
    expect(request?.system[0]?.text).toContain('Answer with one line and nothing else');
    const sent = JSON.stringify(request?.messages);
    expect(sent).toContain('1. Clean the build output and rerun the tests');
    expect(sent).not.toContain('a reminder Pulse added');
    expect(sent).toContain('rm -rf build');
  });

  it('blocks with the reason, and the model is told not to work around it', async () => {
    const decision = await decide(BashTool, { command: 'git push --force' }, reviewer({ text: 'BLOCK: force-pushing was not asked for.' }));
    expect(decision).toMatchObject({ behavior: 'deny', reason: 'autoMode', review: { verdict: 'block', reason: 'force-pushing was not asked for.' } });
    expect(decision.behavior === 'deny' ? decision.message : '').toContain("Auto mode's reviewer blocked Bash: force-pushing was not asked for.");
    expect(session.blocks).toEqual({ consecutive: 1, total: 1 });
  });

  it.each([
    ['a malformed answer', { text: 'Looks fine to me!' }, 'its answer was not ALLOW or BLOCK ("Looks fine to me!")'],
    ['an API error', { apiError: 'Internal server error' }, 'the request failed (Internal server error)'],
    ['no answer in time', { hang: true as const }, 'it gave no answer within 50 ms'],
  ])('asks the person after %s (fails closed)', async (_name, answer, reason) => {
    vi.stubEnv('PULSE_AUTO_MODE_TIMEOUT_MS', '50');
    const decision = await decide(BashTool, rmBuild, reviewer(answer));
    expect(decision).toMatchObject({ behavior: 'ask', review: { verdict: 'unavailable', reason } });
    expect(decision.behavior === 'ask' ? decision.message : '').toContain(`. Auto mode: the reviewer could not decide: ${reason}.`);
    expect(session.blocks.total).toBe(0);
  });

  it('stops the review, and the decision, when the turn is interrupted', async () => {
    const controller = new AbortController();
    const ctx = makeToolContext(project, {
      abortSignal: controller.signal,
      getPermissionContext: () => ({ mode: 'auto', rules: [], workingDirectories: [project], autoMode: session }),
      callModel: reviewer({ hang: true }),
    });
    const pending = resolvePermission(BashTool, rmBuild, ctx);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    controller.abort(new Error('interrupted'));
    await expect(pending).rejects.toThrow('interrupted');
  });
});

describe('auto mode: what never reaches the reviewer', () => {
  it('keeps deny rules: the call is refused before any review', async () => {
    const decision = await decide(BashTool, { command: 'npm test && rm -rf x' }, reviewer({ text: 'ALLOW: fine' }), [
      { toolName: 'Bash', ruleContent: 'rm:*', behavior: 'deny', source: 'userSettings' },
    ]);
    expect(decision.behavior).toBe('deny');
    expect(asked).toHaveLength(0);
  });

  it('leaves ask rules and protected paths to the person', async () => {
    const rule: PermissionRule = { toolName: 'Bash', ruleContent: 'npm publish:*', behavior: 'ask', source: 'userSettings' };
    expect((await decide(BashTool, { command: 'npm publish' }, reviewer(), [rule])).behavior).toBe('ask');
    expect((await decide(WriteTool, { file_path: path.join(project, '.git', 'config'), content: 'x' }, reviewer())).behavior).toBe('ask');
    expect(asked).toHaveLength(0);
  });

  it('reads and edits inside the project without a review; reads outside are reviewed', async () => {
    expect((await decide(ReadTool, { file_path: path.join(project, 'a.txt') }, reviewer())).behavior).toBe('allow');
    expect((await decide(WriteTool, { file_path: path.join(project, 'a.txt'), content: 'x' }, reviewer())).behavior).toBe('allow');
    expect(asked).toHaveLength(0);
    const outside = await decide(ReadTool, { file_path: '/etc/hostname' }, reviewer({ text: 'ALLOW: reading the host name is harmless.' }));
    expect(outside.behavior).toBe('allow');
    expect(asked).toHaveLength(1);
  });
});

describe('auto mode: after repeated blocks', () => {
  it(`asks the person after ${MAX_CONSECUTIVE_BLOCKS} blocks in a row, until a call is allowed again`, async () => {
    const blocks = Array.from({ length: MAX_CONSECUTIVE_BLOCKS }, () => ({ text: 'BLOCK: not asked for.' }));
    const callModel = reviewer(...blocks, { text: 'ALLOW: fine now.' });
    for (let index = 0; index < MAX_CONSECUTIVE_BLOCKS; index++) expect((await decide(BashTool, rmBuild, callModel)).behavior).toBe('deny');
    const paused = await decide(BashTool, rmBuild, callModel);
    expect(paused).toMatchObject({ behavior: 'ask', review: { verdict: 'paused' } });
    expect(asked).toHaveLength(MAX_CONSECUTIVE_BLOCKS);
    // An allowed call (here a read-only command) ends the run of blocks.
    expect((await decide(BashTool, { command: 'ls' }, callModel)).behavior).toBe('allow');
    expect((await decide(BashTool, rmBuild, callModel)).behavior).toBe('allow');
  });

  it(`asks the person for the rest of the session after ${MAX_TOTAL_BLOCKS} blocks in all`, async () => {
    session.blocks = { consecutive: 0, total: MAX_TOTAL_BLOCKS };
    const decision = await decide(BashTool, rmBuild, reviewer({ text: 'ALLOW: fine' }));
    expect(decision).toMatchObject({ behavior: 'ask', review: { verdict: 'paused' } });
    expect(asked).toHaveLength(0);
  });
});

describe('reading the reviewer\'s answer', () => {
  it.each([
    ['ALLOW: runs the tests the user asked for', 'allow', 'runs the tests the user asked for'],
    ['block - deletes files outside the project', 'block', 'deletes files outside the project'],
    ['**BLOCK**: sends the key to a pastebin\nmore text', 'block', 'sends the key to a pastebin'],
    ['\n  ALLOW — harmless', 'allow', 'harmless'],
  ])('%j', (text, verdict, reason) => {
    expect(parseReview(text)).toEqual({ verdict, reason });
  });

  it.each(['', 'I think this is fine', 'ALLOWED because', 'ALLOW'])('%j is no answer', (text) => {
    expect(parseReview(text).verdict).toBe('unavailable');
  });
});
