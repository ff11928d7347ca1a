import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_OUTCOME_RESULT,
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
import { expectValidConversation } from '../../support/conversation.js';
import { assistantMessage, textBlock, toolUseBlock, useSandbox } from './fixtures.js';

const sandbox = useSandbox();

function writeSession(sessionId: string, messages: Message[]): string {
  const writer = openTranscript({ cwd: sandbox.cwd, sessionId, version: '0.1.0' });
  for (const message of messages) writer.append(message);
  writer.close();
  return writer.path ?? '';
}

describe('loadTranscript', () => {
  it('ignores a torn last line without counting it', () => {
    const messages = [createUserMessage({ content: 'hi' }), assistantMessage([textBlock('hello')])];
    const path = writeSession('torn', messages);
    appendFileSync(path, '{"type":"assistant","uuid":"half-writ');

    const loaded = loadTranscript(path);
    expect(loaded.messages).toEqual(messages);
    expect(loaded.errors).toBe(0);
  });

  it('ignores an invalid complete last line too', () => {
    const messages = [createUserMessage({ content: 'hi' })];
    const path = writeSession('bad-last', messages);
    appendFileSync(path, '{"type":"user","uuid":42}\n');
    expect(loadTranscript(path)).toMatchObject({ messages, errors: 0 });
  });

  it('skips and counts invalid lines in the middle', () => {
    const first = createUserMessage({ content: 'one' });
    const second = assistantMessage([textBlock('two')]);
    const path = transcriptPath(sandbox.cwd, 'middle');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      [
        JSON.stringify({ ...first, parentUuid: null }),
        'not json at all',
        JSON.stringify({ type: 'assistant', uuid: 'x', timestamp: 't', message: { role: 'assistant' } }),
        JSON.stringify({ type: 'queue-operation', operation: 'enqueue' }),
        '',
        JSON.stringify({ ...second, parentUuid: first.uuid }),
        '',
      ].join('\n'),
    );

    const loaded = loadTranscript(path);
    expect(loaded.messages).toEqual([first, second]);
    expect(loaded.errors).toBe(2);
  });

  it('drops tombstoned messages', () => {
    const prompt = createUserMessage({ content: 'hi' });
    const withdrawn = assistantMessage([textBlock('half an answer')]);
    const answer = assistantMessage([textBlock('a whole answer')]);
    const writer = openTranscript({ cwd: sandbox.cwd, sessionId: 'tomb', version: '0.1.0' });
    writer.append(prompt);
    writer.append(withdrawn);
    writer.append({ type: 'tombstone', message: withdrawn });
    writer.append(answer);
    writer.close();

    expect(loadTranscript(writer.path ?? '').messages).toEqual([prompt, answer]);
  });

  it('keeps only the last compact boundary and what follows it', () => {
    const early = [createUserMessage({ content: 'first task' }), assistantMessage([textBlock('done')])];
    const firstBoundary = createSystemMessage('compact_boundary', 'Conversation compacted', { trigger: 'auto', preTokens: 1000 });
    const middle = [createUserMessage({ content: 'summary one', isMeta: true })];
    const lastBoundary = createSystemMessage('compact_boundary', 'Conversation compacted', { trigger: 'manual', preTokens: 900 });
    const late = [createUserMessage({ content: 'summary two', isMeta: true }), createUserMessage({ content: 'next task' })];
    const path = writeSession('compacted', [...early, firstBoundary, ...middle, lastBoundary, ...late]);

    const loaded = loadTranscript(path);
    expect(loaded.messages).toEqual([lastBoundary, ...late]);
    expect(loaded.firstPrompt).toBe('first task');
  });

  it('answers a dangling tool_use so the history is a valid conversation', () => {
    const prompt = createUserMessage({ content: 'read two files' });
    const text = assistantMessage([textBlock('Reading both.')], 'msg_tools');
    const callA = assistantMessage([toolUseBlock('toolu_a')], 'msg_tools');
    const callB = assistantMessage([toolUseBlock('toolu_b')], 'msg_tools');
    const resultA = createToolResultMessage({ block: { type: 'tool_result', tool_use_id: 'toolu_a', content: 'A' } });
    const path = writeSession('dangling', [prompt, text, callA, callB, resultA]);

    const loaded = loadTranscript(path);
    expect(loaded.repairs).toHaveLength(1);
    expect(loaded.repairs[0]?.message.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_b', content: UNKNOWN_OUTCOME_RESULT, is_error: true },
    ]);
    expect(loaded.repairs[0]?.sourceToolAssistantUUID).toBe(callB.uuid);
    expect(loaded.messages).toEqual([prompt, text, callA, callB, ...loaded.repairs, resultA]);
    expect(loaded.leafUuid).toBe(resultA.uuid);
    expectValidConversation(loaded.messages);
  });

  it('answers a tool_use at the very end and leaves a trailing text answer alone', () => {
    const callOnly = [createUserMessage({ content: 'run it' }), assistantMessage([toolUseBlock('toolu_end')])];
    const repaired = loadTranscript(writeSession('tail-tool', callOnly));
    expect(repaired.messages).toHaveLength(3);
    expectValidConversation(repaired.messages);

    const textOnly = [createUserMessage({ content: 'say hi' }), assistantMessage([textBlock('hi')])];
    const untouched = loadTranscript(writeSession('tail-text', textOnly));
    expect(untouched.messages).toEqual(textOnly);
    expect(untouched.repairs).toEqual([]);
  });

  it('reads the reference tool transcript sample', () => {
    // A copy of design/samples/transcript-sample.jsonl, written by the reference tool.
    const sample = join(dirname(fileURLToPath(import.meta.url)), 'reference-transcript.jsonl');
    const loaded = loadTranscript(sample);
    expect(loaded.errors).toBe(0);
    expect(loaded.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'assistant', 'user', 'assistant']);
    expect(loaded.messages[0]).not.toHaveProperty('sessionId');
    expect(loaded.lastPrompt).toBe('What is the secret word in hello.txt?');
    expect(loaded.firstPrompt).toBe('What is the secret word in hello.txt?');
    expect(loaded.repairs).toEqual([]);
    expectValidConversation(loaded.messages);
  });
});
