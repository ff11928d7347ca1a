import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findSession,
  forkSession,
  latestSession,
  listSessions,
  loadTranscript,
  openTranscript,
  SessionLookupError,
  transcriptPath,
} from '../../../src/sessions/index.js';
import type { Message } from '../../../src/types/messages.js';
import { createToolResultMessage, createUserMessage } from '../../../src/utils/messages.js';
import { assistantMessage, textBlock, toolUseBlock, useSandbox } from './fixtures.js';

const sandbox = useSandbox();

function writeSession(sessionId: string, messages: Message[], modifiedSecondsAgo: number, cwd = sandbox.cwd): string {
  const writer = openTranscript({ cwd, sessionId, version: '0.1.0' });
  for (const message of messages) writer.append(message);
  writer.appendRecord({ type: 'last-prompt', lastPrompt: 'whatever' });
  writer.close();
  const path = writer.path ?? '';
  const when = new Date(Date.now() - modifiedSecondsAgo * 1000);
  utimesSync(path, when, when);
  return path;
}

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

function chat(prompt: string): Message[] {
  return [
    createUserMessage({ content: 'context the user never typed', isMeta: true }),
    createUserMessage({ content: prompt }),
    assistantMessage([textBlock('ok')]),
  ];
}

describe('listing and choosing sessions', () => {
  it('lists sessions newest first with their first typed prompt and message count', () => {
    writeSession('aaaa-old', chat('the older task'), 600);
    writeSession('bbbb-new', chat(`the newer task ${'x'.repeat(200)}`), 5);
    writeSession('cccc-empty', [], 1);

    const sessions = listSessions(sandbox.cwd);
    expect(sessions.map((s) => s.sessionId)).toEqual(['bbbb-new', 'aaaa-old']);
    expect(sessions[1]).toMatchObject({ firstPrompt: 'the older task', messageCount: 3, path: transcriptPath(sandbox.cwd, 'aaaa-old') });
    expect(sessions[0]?.firstPrompt).toHaveLength(80);
    expect(sessions[0]?.firstPrompt?.startsWith('the newer task xxx')).toBe(true);
    expect(listSessions(join(sandbox.root, 'elsewhere'))).toEqual([]);
  });

  it('continues the latest session of the directory', () => {
    writeSession('first', chat('one'), 300);
    writeSession('second', chat('two'), 10);
    expect(latestSession(sandbox.cwd)?.sessionId).toBe('second');
    expect(latestSession(join(sandbox.root, 'elsewhere'))).toBeUndefined();
  });

  it('resumes by full id, by unique prefix, and refuses an ambiguous prefix', () => {
    writeSession('3f2a1111-0000', chat('one'), 30);
    writeSession('3f2b2222-0000', chat('two'), 20);

    expect(findSession(sandbox.cwd, '3f2a1111-0000').sessionId).toBe('3f2a1111-0000');
    expect(findSession(sandbox.cwd, '3f2b').firstPrompt).toBe('two');
    const ambiguous = thrownBy(() => findSession(sandbox.cwd, '3f2'));
    expect(ambiguous).toBeInstanceOf(SessionLookupError);
    expect(ambiguous).toMatchObject({ reason: 'ambiguous', candidates: expect.arrayContaining(['3f2a1111-0000', '3f2b2222-0000']) });
    expect(() => findSession(sandbox.cwd, 'ffff')).toThrow(/No session found/);
    expect(() => findSession(sandbox.cwd, '../../etc/passwd')).toThrow(SessionLookupError);
  });

  it('finds a session from another directory by its exact id only', () => {
    const other = join(sandbox.root, 'other-repo');
    writeSession('abcdef-elsewhere', chat('from the other repo'), 10, other);

    const found = findSession(sandbox.cwd, 'abcdef-elsewhere');
    expect(found.path).toBe(transcriptPath(other, 'abcdef-elsewhere'));
    expect(found.firstPrompt).toBe('from the other repo');
    expect(() => findSession(sandbox.cwd, 'abcdef')).toThrow(SessionLookupError);
  });

  it('forks into a new file with new ids and leaves the original untouched', () => {
    const prompt = createUserMessage({ content: 'fork me' });
    const call = assistantMessage([toolUseBlock('toolu_f')]);
    const result = createToolResultMessage({
      block: { type: 'tool_result', tool_use_id: 'toolu_f', content: 'data' },
      sourceToolAssistantUUID: call.uuid,
    });
    const source = writeSession('source-session', [prompt, call, result], 60);
    const before = readFileSync(source, 'utf8');

    const fork = forkSession(source, 'forked-session', sandbox.cwd);

    expect(readFileSync(source, 'utf8')).toBe(before);
    expect(fork.path).toBe(transcriptPath(sandbox.cwd, 'forked-session'));
    const records = readFileSync(fork.path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.every((r) => r.sessionId === 'forked-session')).toBe(true);

    const original = loadTranscript(source).messages;
    const forked = loadTranscript(fork.path).messages;
    const contentOf = (m: Message): unknown => (m.type === 'system' ? m.content : m.message.content);
    expect(forked.map(contentOf)).toEqual(original.map(contentOf));
    const originalIds = new Set(original.map((m) => m.uuid));
    expect(forked.some((m) => originalIds.has(m.uuid))).toBe(false);
    expect(records[1]?.parentUuid).toBe(forked[0]?.uuid);
    expect(records[2]).toMatchObject({ parentUuid: forked[1]?.uuid, sourceToolAssistantUUID: forked[1]?.uuid });
    expect(records[3]).toMatchObject({ type: 'last-prompt', leafUuid: forked[2]?.uuid });
    expect(() => forkSession(source, 'forked-session', sandbox.cwd)).toThrow(/already exists/);
    expect(() => forkSession(source, '../escape', sandbox.cwd)).toThrow(/Not a usable session id/);
  });
});
