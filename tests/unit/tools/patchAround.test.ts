// makePatchAround diffs only the stretch an edit changed; over many random edits (short lines
// from a small alphabet, so the diff has ambiguous alignments to choose from) its hunks must be
// the whole-file diff's, and must turn the old text into the new one.
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { makePatch, makePatchAround } from '../../../src/tools/shared/patch.js';

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function randomEdit(next: () => number, lineEnding: string) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const lines = Array.from({ length: 1 + Math.floor(next() * 30) }, () => pick(['a', 'b', 'c', '', 'x y']));
  const before = lines.join(lineEnding) + (next() < 0.5 ? lineEnding : '');
  const start = Math.floor(next() * (before.length + 1));
  const end = Math.min(before.length, start + Math.floor(next() * 12));
  const inserted = Array.from({ length: Math.floor(next() * 10) }, () => pick(['a', 'b', lineEnding, 'c'])).join('');
  const after = before.slice(0, start) + inserted + before.slice(end);
  return { before, after, span: { start, beforeEnd: end, afterEnd: start + inserted.length } };
}

describe('makePatchAround', () => {
  it.each(['\n', '\r\n'])('matches the whole-file diff on 1,500 random edits (line ending %j)', (lineEnding) => {
    const next = random(lineEnding.length * 7919);
    for (let n = 0; n < 1_500; n++) {
      const { before, after, span } = randomEdit(next, lineEnding);
      const hunks = makePatchAround('f', before, after, span);
      expect(hunks).toEqual(makePatch('f', before, after));
      const patch = { oldFileName: 'f', newFileName: 'f', oldHeader: '', newHeader: '', hunks };
      expect(applyPatch(before.replaceAll('\r\n', '\n'), patch)).toBe(after.replaceAll('\r\n', '\n'));
    }
  });

  it('numbers hunks by their place in the whole file', () => {
    const before = Array.from({ length: 1_000 }, (_, n) => `row ${n + 1}`).join('\n');
    const at = before.indexOf('row 500\n');
    const after = `${before.slice(0, at)}row five hundred${before.slice(at + 'row 500'.length)}`;
    const hunks = makePatchAround('f', before, after, { start: at, beforeEnd: at + 7, afterEnd: at + 16 });
    expect(hunks).toEqual([
      { oldStart: 497, oldLines: 7, newStart: 497, newLines: 7, lines: [' row 497', ' row 498', ' row 499', '-row 500', '+row five hundred', ' row 501', ' row 502', ' row 503'] },
    ]);
  });
});
