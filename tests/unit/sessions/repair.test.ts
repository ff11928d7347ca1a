// Loading repairs what a damaged or cut-short transcript left: results whose call was lost are
// dropped, calls never answered are answered, saying whether they may have run, and one line says
// what was repaired. Every case ends in a conversation the API accepts.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  describeRepairs,
  loadTranscript,
  NOT_STARTED_RESULT,
  openTranscript,
  UNKNOWN_OUTCOME_RESULT,
  type TranscriptOptions,
} from '../../../src/sessions/index.js';
import type { Message, UserMessage } from '../../../src/types/messages.js';
import { createToolResultMessage, createUserMessage } from '../../../src/utils/messages.js';
import { expectValidConversation } from '../../support/conversation.js';
import { assistantMessage, textBlock, toolUseBlock, useSandbox } from './fixtures.js';

const sandbox = useSandbox();

function writeSession(sessionId: string, messages: Message[], options: Partial<TranscriptOptions> = {}, started: string[] = []): string {
  const writer = openTranscript({ cwd: sandbox.cwd, sessionId, version: '0.1.0', ...options });
  for (const message of messages) writer.append(message);
  for (const toolUseId of started) writer.appendRecord({ type: 'tool-started', toolUseId });
  writer.close();
  return writer.path ?? '';
}

function resultFor(toolUseId: string, content: string): UserMessage {
  return createToolResultMessage({ block: { type: 'tool_result', tool_use_id: toolUseId, content } });
}

/** Replaces the line holding `uuid` with what a bad disk sector leaves: bytes that are not JSON. */
function damageLineOf(path: string, uuid: string): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`"uuid":"${uuid}"`));
  expect(index).toBeGreaterThanOrEqual(0);
  lines[index] = `${lines[index]?.slice(0, 40)}\u0000\u0000garbled`;
  writeFileSync(path, lines.join('\n'));
}

function syntheticTexts(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.type === 'user' && message.isSynthetic && Array.isArray(message.message.content)
      ? message.message.content.flatMap((block) => (block.type === 'tool_result' && typeof block.content === 'string' ? [block.content] : []))
      : [],
  );
}

describe('transcript repair on load', () => {
  it('drops the result of a tool_use whose line was damaged mid-transcript, and says so', () => {
    const prompt = createUserMessage({ content: 'what is in a.txt?' });
    const text = assistantMessage([textBlock('Reading it.')], 'msg_read');
    const call = assistantMessage([toolUseBlock('toolu_read')], 'msg_read');
    const result = resultFor('toolu_read', 'hello');
    const answer = assistantMessage([textBlock('It says hello.')], 'msg_answer');
    const next = createUserMessage({ content: 'thanks' });
    const reply = assistantMessage([textBlock('Any time.')], 'msg_reply');
    const path = writeSession('damaged', [prompt, text, call, result, answer, next, reply]);
    damageLineOf(path, call.uuid);

    const loaded = loadTranscript(path);
    expect(loaded.messages).toEqual([prompt, text, answer, next, reply]);
    expect(loaded).toMatchObject({ errors: 1, droppedResults: 1, repairs: [] });
    expectValidConversation(loaded.messages);
    expect(describeRepairs(loaded)).toBe(
      "the session's transcript was repaired to resume it: skipped 1 damaged line, dropped 1 tool result whose call was lost",
    );
  });

  it('keeps the rest of a user message whose tool result lost its call, and drops second answers', () => {
    const call = assistantMessage([toolUseBlock('toolu_one')], 'msg_one');
    const first = resultFor('toolu_one', 'first');
    const again = resultFor('toolu_one', 'again');
    const stray: UserMessage = createUserMessage({
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_gone', content: 'orphan' },
        { type: 'text', text: 'and a note' },
      ],
    });
    const path = writeSession('stray', [createUserMessage({ content: 'go' }), call, first, again, stray]);

    const loaded = loadTranscript(path);
    expect(loaded.droppedResults).toBe(2);
    expect((loaded.messages.at(-1) as UserMessage | undefined)?.message.content).toEqual([{ type: 'text', text: 'and a note' }]);
    expect(loaded.messages).toContainEqual(first);
    expect(loaded.messages).not.toContainEqual(again);
    expectValidConversation(loaded.messages);
  });

  it('says a call with a recorded start may have run, and one that never started did not', () => {
    const both = assistantMessage([toolUseBlock('toolu_started'), toolUseBlock('toolu_queued')], 'msg_two');
    const path = writeSession('journal', [createUserMessage({ content: 'edit, then test' }), both], { recordsToolStarts: true }, ['toolu_started']);

    const loaded = loadTranscript(path);
    expect(syntheticTexts(loaded.messages)).toEqual([UNKNOWN_OUTCOME_RESULT, NOT_STARTED_RESULT]);
    expect(UNKNOWN_OUTCOME_RESULT).toMatch(/may have run.*Check its effects before repeating it\./);
    expectValidConversation(loaded.messages);
    expect(describeRepairs(loaded)).toBe("the session's transcript was repaired to resume it: answered 2 unfinished tool calls as interrupted");
  });

  it('never claims a call did not run when the writer did not record starts (the reference, older Pulse)', () => {
    const call = assistantMessage([toolUseBlock('toolu_old')], 'msg_old');
    const loaded = loadTranscript(writeSession('unjournaled', [createUserMessage({ content: 'run it' }), call]));
    expect(syntheticTexts(loaded.messages)).toEqual([UNKNOWN_OUTCOME_RESULT]);
  });

  it('leaves a sound transcript alone and says nothing', () => {
    const call = assistantMessage([toolUseBlock('toolu_ok')], 'msg_ok');
    const messages = [createUserMessage({ content: 'list' }), call, resultFor('toolu_ok', 'a b'), assistantMessage([textBlock('Two files.')])];
    const loaded = loadTranscript(writeSession('sound', messages, { recordsToolStarts: true }, ['toolu_ok']));
    expect(loaded.messages).toEqual(messages);
    expect(describeRepairs(loaded)).toBeUndefined();
  });
});
