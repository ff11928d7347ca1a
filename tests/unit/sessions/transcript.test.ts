import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createNullWriter,
  loadTranscript,
  openTranscript,
  transcriptPath,
} from '../../../src/sessions/index.js';
import type { Message } from '../../../src/types/messages.js';
import {
  createSystemMessage,
  createToolResultMessage,
  createUserMessage,
} from '../../../src/utils/messages.js';
import { assistantMessage, textBlock, toolUseBlock, useSandbox } from './fixtures.js';

const sandbox = useSandbox();

function readRecords(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function conversation(): Message[] {
  const question = createUserMessage({ content: 'What is in hello.txt?' });
  const thinking = assistantMessage([textBlock("I'll read it.")], 'msg_a');
  const call = assistantMessage([toolUseBlock('toolu_1')], 'msg_a');
  const result = createToolResultMessage({
    block: { type: 'tool_result', tool_use_id: 'toolu_1', content: 'line one\nline two' },
    toolUseResult: { file: { numLines: 2 } },
    sourceToolAssistantUUID: call.uuid,
  });
  const nudge = createUserMessage({ content: 'reminder', isMeta: true });
  const retry = createSystemMessage('api_retry', 'Retrying', { attempt: 1, delayMs: 500 });
  const answer = assistantMessage([textBlock('It says line one.')], 'msg_b');
  return [question, thinking, call, result, nudge, retry, answer];
}

describe('TranscriptWriter', () => {
  it('writes one linked line per message and loads the same messages back', () => {
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-1', version: '0.1.0', gitBranch: 'main' });
    const messages = conversation();
    for (const message of messages) writer.append(message);
    writer.append({ type: 'stream_request_start' });
    writer.append({ type: 'progress', toolUseID: 'toolu_1', toolName: 'Read', data: {} });
    writer.close();

    expect(writer.path).toBe(transcriptPath(sandbox.cwd, 's-1'));
    const records = readRecords(transcriptPath(sandbox.cwd, 's-1'));
    expect(records).toHaveLength(messages.length);
    expect(records.map((r) => r.parentUuid)).toEqual([null, ...messages.slice(0, -1).map((m) => m.uuid)]);
    for (const record of records) {
      expect(record).toMatchObject({ cwd: sandbox.cwd, sessionId: 's-1', version: '0.1.0', gitBranch: 'main', isSidechain: false });
    }
    expect(records[3]).toMatchObject({ type: 'user', toolUseResult: { file: { numLines: 2 } }, sourceToolAssistantUUID: messages[2]?.uuid });
    expect(records[4]).toMatchObject({ isMeta: true });
    expect(records[5]).toMatchObject({ type: 'system', subtype: 'api_retry', content: 'Retrying', data: { attempt: 1 } });

    const loaded = loadTranscript(writer.path ?? '');
    expect(loaded.messages).toEqual(messages);
    expect(loaded.errors).toBe(0);
    expect(loaded.leafUuid).toBe(messages.at(-1)?.uuid);
    expect(loaded.firstPrompt).toBe('What is in hello.txt?');
  });

  it('records session state and loads the latest of each kind', () => {
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-2', version: '0.1.0' });
    const prompt = createUserMessage({ content: 'do the thing' });
    writer.append(prompt);
    writer.appendRecord({ type: 'mode', permissionMode: 'plan' });
    writer.append({ type: 'mode', permissionMode: 'acceptEdits' });
    writer.appendRecord({ type: 'todos', todos: [{ content: 'write tests', status: 'in_progress' }] });
    writer.appendRecord({ type: 'content-replacement', toolUseId: 'toolu_9', replacement: '<persisted-output>…' });
    const usage = { inputTokens: 1, outputTokens: 2, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, webSearchRequests: 0, costUSD: 0.5 };
    writer.appendRecord({ type: 'cost', totalCostUSD: 0.5, modelUsage: { 'claude-test': usage } });
    writer.appendRecord({ type: 'last-prompt', lastPrompt: 'do the thing' });
    writer.close();

    const records = readRecords(writer.path ?? '');
    expect(records.at(-1)).toEqual({ type: 'last-prompt', lastPrompt: 'do the thing', leafUuid: prompt.uuid, sessionId: 's-2' });
    const loaded = loadTranscript(writer.path ?? '');
    expect(loaded).toMatchObject({
      mode: 'acceptEdits',
      todos: [{ content: 'write tests', status: 'in_progress' }],
      cost: { totalCostUSD: 0.5, modelUsage: { 'claude-test': usage } },
      lastPrompt: 'do the thing',
      errors: 0,
    });
    expect(loaded.contentReplacements.get('toolu_9')).toBe('<persisted-output>…');
    expect(loaded.messages).toEqual([prompt]);
  });

  it('writes a tombstone and hangs the next message off the last live one', () => {
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-3', version: '0.1.0' });
    const prompt = createUserMessage({ content: 'hi' });
    const partA = assistantMessage([textBlock('partial')], 'msg_dead');
    const partB = assistantMessage([toolUseBlock('toolu_dead')], 'msg_dead');
    const retried = assistantMessage([textBlock('whole answer')], 'msg_live');
    writer.append(prompt);
    writer.append(partA);
    writer.append(partB);
    writer.append({ type: 'tombstone', message: partA });
    writer.append({ type: 'tombstone', message: partB });
    writer.append(retried);
    writer.close();

    const records = readRecords(writer.path ?? '');
    expect(records.filter((r) => r.type === 'tombstone').map((r) => r.targetUuid)).toEqual([partA.uuid, partB.uuid]);
    expect(records.at(-1)).toMatchObject({ uuid: retried.uuid, parentUuid: prompt.uuid });
    expect(loadTranscript(writer.path ?? '').messages).toEqual([prompt, retried]);
  });

  it('creates no file until something is written, and the null writer never writes', () => {
    const path = transcriptPath(sandbox.cwd, 's-4');
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-4', version: '0.1.0' });
    writer.append({ type: 'stream_request_start' });
    writer.close();
    expect(existsSync(path)).toBe(false);

    const nullWriter = createNullWriter('s-4');
    nullWriter.append(createUserMessage({ content: 'hello' }));
    nullWriter.appendRecord({ type: 'mode', permissionMode: 'default' });
    nullWriter.close();
    expect(nullWriter.path).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });

  it('continues a resumed chain without rewriting known messages', () => {
    const first = openTranscript({ cwd: sandbox.cwd, sessionId: 's-5', version: '0.1.0' });
    const earlier = [createUserMessage({ content: 'one' }), assistantMessage([textBlock('two')])];
    for (const message of earlier) first.append(message);
    first.close();

    const loaded = loadTranscript(first.path ?? '');
    const resumed = openTranscript({
      cwd: sandbox.cwd,
      sessionId: 's-5',
      version: '0.1.0',
      parentUuid: loaded.leafUuid ?? null,
      existingUuids: loaded.messages.map((m) => m.uuid),
    });
    const next = createUserMessage({ content: 'three' });
    for (const message of [...loaded.messages, next]) resumed.append(message);
    resumed.close();

    const records = readRecords(first.path ?? '');
    expect(records).toHaveLength(3);
    expect(records[2]).toMatchObject({ uuid: next.uuid, parentUuid: earlier[1]?.uuid });
  });

  it('starts on a fresh line when the file ends in a torn line from a crash', () => {
    const path = transcriptPath(sandbox.cwd, 's-6');
    const before = createUserMessage({ content: 'before the crash' });
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify({ type: 'user', uuid: before.uuid, timestamp: before.timestamp, message: before.message })}\n{"type":"assistant","uu`);

    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-6', version: '0.1.0', parentUuid: before.uuid });
    const after = createUserMessage({ content: 'after the crash' });
    writer.append(after);
    writer.close();

    const loaded = loadTranscript(path);
    expect(loaded.messages.map((m) => m.uuid)).toEqual([before.uuid, after.uuid]);
    expect(loaded.errors).toBe(1);
  });

  it('reports a failed write through onError instead of throwing', () => {
    const blocker = `${sandbox.root}/not-a-dir`;
    writeFileSync(blocker, 'a file where the project folder should be');
    const errors: unknown[] = [];
    const writer = openTranscript({
      cwd: sandbox.cwd,
      sessionId: 's-7',
      version: '0.1.0',
      path: `${blocker}/s-7.jsonl`,
      onError: (error) => errors.push(error),
    });
    expect(() => writer.append(createUserMessage({ content: 'x' }))).not.toThrow();
    writer.append(createUserMessage({ content: 'y' }));
    expect(errors).toHaveLength(1);
  });

  it('keeps appending fast and exact over a thousand messages', () => {
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 's-8', version: '0.1.0' });
    const messages = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? createUserMessage({ content: `prompt ${i}` }) : assistantMessage([textBlock(`answer ${i}`)]),
    );
    for (const message of messages) writer.append(message);
    writer.close();

    const records = readRecords(writer.path ?? '');
    expect(records).toHaveLength(1000);
    expect(records[999]).toMatchObject({ uuid: messages[999]?.uuid, parentUuid: messages[998]?.uuid });
    expect(loadTranscript(writer.path ?? '').messages).toEqual(messages);
  });
});
