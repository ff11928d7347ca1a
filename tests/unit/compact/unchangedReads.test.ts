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

describe('unchanged Reads over a long session', () => {
  const FILES = ['/repo/a.ts', '/repo/b.ts', '/repo/c.ts'];
  /** Round n reads one of three files; b.ts changes at round 20. */
  const readRound = (n: number) => {
    const path = FILES[n % FILES.length] as string;
    const text = path === '/repo/b.ts' && n >= 20 ? `${CODE}\n     3\tchanged` : `${CODE} // ${path}`;
    return round('Read', { file_path: path }, text, `r${n}`);
  };
  /** What the layer makes of the whole history judged at once, from copies it has never seen. */
  const judgedWhole = (history: readonly Message[]) => stubUnchangedReads(structuredClone([...history]));

  it('sends each round what it would send judging the whole history at once', () => {
    const originals: Message[] = [prompt('keep reading')];
    let carried: Message[] = [...originals];
    for (let n = 0; n < 40; n++) {
      const added = readRound(n);
      originals.push(...added);
      // The loop carries the request it sent, stubs included, into the next round.
      const { messages, stubbed } = stubUnchangedReads([...carried, ...added]);
      const whole = judgedWhole(originals);
      expect(toolResultContentsOf(messages)).toEqual(toolResultContentsOf(whole.messages));
      expect([...stubbed.keys()].sort()).toEqual([...whole.stubbed.keys()].sort());
      carried = messages;
    }
    expect(resultOf(carried, 'r39')).toBe(unchangedReadStub('/repo/a.ts'));
    expect(resultOf(carried, 'r22')).toBe(`${CODE}\n     3\tchanged`);
    expect(resultOf(carried, 'r25')).toBe(unchangedReadStub('/repo/b.ts'));
  });

  it('judges again from the start when an earlier result changed, and restores stubs that lost their source', () => {
    const whole = `${CODE} // /repo/a.ts`;
    let carried: Message[] = [prompt('keep reading')];
    for (let n = 0; n < 30; n++) carried = stubUnchangedReads([...carried, ...readRound(n)]).messages;
    expect(resultOf(carried, 'r3')).toBe(unchangedReadStub('/repo/a.ts'));
    // A later layer cleared the first Read of a.ts, the source of the stubs of a.ts after it.
    const cleared = carried.map((m) => (m === carried[2] ? toolResult('r0', CLEARED_TOOL_RESULT) : m));
    const list = [...cleared, ...readRound(30)];
    const next = stubUnchangedReads(list);
    expect(toolResultContentsOf(next.messages)).toEqual(toolResultContentsOf(judgedWhole(list).messages));
    const restored = restoreOrphanedStubs(next.messages, next.stubbed);
    for (const id of ['r3', 'r6', 'r27', 'r30']) expect(resultOf(restored, id)).toBe(whole);
    expect(resultOf(restored, 'r4')).toBe(unchangedReadStub('/repo/b.ts'));
    // With every source intact, nothing changes.
    const again = stubUnchangedReads(carried);
    expect(restoreOrphanedStubs(again.messages, again.stubbed)).toBe(again.messages);
  });

  it('judges a result whose Read call comes later as the whole history would', () => {
    const history: Message[] = [prompt('odd order')];
    for (let n = 0; n < 10; n++) history.push(...readRound(n));
    stubUnchangedReads(history);
    // A result answering an id that a later Read call uses: the whole history pairs them.
    const early = toolResult('r_late', `${CODE} // /repo/a.ts`);
    const withEarly = [...history.slice(0, 5), early, ...history.slice(5)];
    stubUnchangedReads(withEarly);
    const late = [...withEarly, ...round('Read', { file_path: '/repo/a.ts' }, `${CODE} // /repo/a.ts`, 'r_late')];
    expect(toolResultContentsOf(stubUnchangedReads(late).messages)).toEqual(toolResultContentsOf(judgedWhole(late).messages));
  });
});

function toolResultContentsOf(messages: readonly Message[]): Array<[string, unknown]> {
  const contents: Array<[string, unknown]> = [];
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) if (block.type === 'tool_result') contents.push([block.tool_use_id, block.content]);
  }
  return contents;
}
