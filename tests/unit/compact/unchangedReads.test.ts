import { describe, expect, it } from 'vitest';
import { CLEARED_TOOL_RESULT } from '../../../src/compact/microcompact.js';
import { restoreOrphanedStubs, stubUnchangedReads, unchangedReadStub } from '../../../src/compact/unchangedReads.js';
import type { Message } from '../../../src/types/messages.js';
import { prompt, round, toolResult } from './fixtures.js';

const CODE = '     1\texport const a = 1;\n     2\texport const b = 2;';

function resultOf(messages: readonly Message[], id: string): unknown {
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) if (block.type === 'tool_result' && block.tool_use_id === id) return block.content;
  }
  return undefined;
}

function reads(...contents: Array<{ id: string; path?: string; offset?: number; text: string }>): Message[] {
  return [
    prompt('read it'),
    ...contents.flatMap(({ id, path = '/repo/a.ts', offset, text }) =>
      round('Read', { file_path: path, ...(offset === undefined ? {} : { offset }) }, text, id),
    ),
  ];
}

describe('stubUnchangedReads', () => {
  it('sends a repeated Read of an unchanged file as a stub saying the earlier result holds', () => {
    const history = reads({ id: 'r1', text: CODE }, { id: 'r2', text: CODE }, { id: 'r3', text: CODE });
    const { messages, stubbed } = stubUnchangedReads(history);
    expect(resultOf(messages, 'r1')).toBe(CODE);
    expect(resultOf(messages, 'r2')).toBe(unchangedReadStub('/repo/a.ts'));
    expect(resultOf(messages, 'r3')).toBe(unchangedReadStub('/repo/a.ts'));
    expect([...stubbed.keys()]).toEqual(['r2', 'r3']);
    // History itself keeps every result whole.
    expect(resultOf(history, 'r2')).toBe(CODE);
  });

  it('sends a changed file whole, and stubs later reads against the newest version', () => {
    const changed = `${CODE}\n     3\texport const c = 3;`;
    const { messages } = stubUnchangedReads(reads({ id: 'r1', text: CODE }, { id: 'r2', text: changed }, { id: 'r3', text: changed }));
    expect(resultOf(messages, 'r2')).toBe(changed);
    expect(resultOf(messages, 'r3')).toBe(unchangedReadStub('/repo/a.ts'));
  });

  it('never stubs other lines of the same file, another file, or an error', () => {
    const history = [
      ...reads({ id: 'r1', text: CODE }, { id: 'r2', offset: 50, text: CODE }, { id: 'r3', path: '/repo/b.ts', text: CODE }),
      ...round('Read', { file_path: '/repo/a.ts' }, 'boom', 'r4'),
    ];
    const last = history.at(-1);
    if (last?.type === 'user' && typeof last.message.content !== 'string') {
      last.message.content = last.message.content.map((b) => (b.type === 'tool_result' ? { ...b, content: CODE, is_error: true } : b));
    }
    const { messages, stubbed } = stubUnchangedReads(history);
    expect(stubbed.size).toBe(0);
    expect(messages).toBe(history);
  });

  it('stubs nothing when the earlier result is no longer sent whole (cleared or compacted away)', () => {
    const history = reads({ id: 'r1', text: CLEARED_TOOL_RESULT }, { id: 'r2', text: CODE });
    expect(stubUnchangedReads(history).stubbed.size).toBe(0);
  });
});

describe('restoreOrphanedStubs', () => {
  it('sends a stub whole again once a later layer clears its earlier result', () => {
    const history = reads({ id: 'r1', text: CODE }, { id: 'r2', text: CODE });
    const { messages, stubbed } = stubUnchangedReads(history);
    const cleared = messages.map((m) => (m === messages[2] ? toolResult('r1', CLEARED_TOOL_RESULT) : m));
    const restored = restoreOrphanedStubs(cleared, stubbed);
    expect(resultOf(restored, 'r2')).toBe(CODE);
    // With the earlier result intact, nothing changes.
    expect(restoreOrphanedStubs(messages, stubbed)).toBe(messages);
  });
});
