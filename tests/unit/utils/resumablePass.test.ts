import { describe, expect, it } from 'vitest';
import { resumablePass, runPass, sharedPrefixLength, type Pass } from '../../../src/utils/resumablePass.js';

type Item = { n: number };
const items = (count: number, from = 0): Item[] => Array.from({ length: count }, (_, i) => ({ n: from + i }));

/** A running total that records which items it was given, to show what each call takes in. */
function totals(rewindable: boolean) {
  const added: number[] = [];
  const pass: Pass<Item, number[]> = {
    start: () => [0],
    rewind: (sums, count) => {
      if (!rewindable) return undefined;
      sums.length = count + 1;
      return sums;
    },
    add: (sums, item, index) => {
      added.push(item.n);
      sums.push((sums[index] as number) + item.n);
    },
  };
  return { added, pass, run: resumablePass(pass) };
}

const sum = (list: readonly Item[]) => list.reduce((total, item) => total + item.n, 0);

describe('resumablePass', () => {
  it('takes in only the items after those the last call of the conversation saw', () => {
    const { added, run } = totals(true);
    const history = items(20);
    expect(run(history).at(-1)).toBe(sum(history));
    added.length = 0;
    const grown = [...history, ...items(3, 100)];
    expect(run(grown).at(-1)).toBe(sum(grown));
    expect(added).toEqual([100, 101, 102]);
  });

  it('goes back to where a list parts from the last one, or starts again when the pass cannot', () => {
    for (const rewindable of [true, false]) {
      const { added, run } = totals(rewindable);
      const history = items(30);
      run(history);
      added.length = 0;
      const changed = [...history.slice(0, 25), { n: 1000 }, ...history.slice(26)];
      expect(run(changed).at(-1)).toBe(sum(changed));
      expect(added).toHaveLength(rewindable ? 5 : 30);
      // Shorter than before: the same prefix, nothing new.
      added.length = 0;
      expect(run(changed.slice(0, 20))[20]).toBe(sum(changed.slice(0, 20)));
      expect(added).toHaveLength(rewindable ? 0 : 20);
    }
  });

  it('keeps each conversation apart, told by its first item', () => {
    const { added, run } = totals(true);
    const main = items(20);
    const side = items(20, 500);
    run(main);
    run(side);
    added.length = 0;
    expect(run([...main, { n: 7 }]).at(-1)).toBe(sum(main) + 7);
    expect(run([...side, { n: 9 }]).at(-1)).toBe(sum(side) + 9);
    expect(added).toEqual([7, 9]);
  });

  it('resumes after the copies a pass hands on, which the next list carries instead of the items', () => {
    const copies = new Map<Item, Item>();
    const seenItems: Item[] = [];
    const run = resumablePass<Item, Item[]>({
      start: () => [],
      rewind: () => undefined,
      add: (sent, item) => {
        seenItems.push(item);
        const copy = item.n % 2 === 1 ? { n: item.n } : item;
        copies.set(item, copy);
        sent.push(copy);
        return copy;
      },
    });
    const history = items(20);
    const sent = run(history).slice();
    seenItems.length = 0;
    run([...sent, { n: 41 }]);
    expect(seenItems.map((item) => item.n)).toEqual([41]);
    // The originals are not what it handed on: it starts again.
    seenItems.length = 0;
    run(history);
    expect(seenItems).toHaveLength(20);
  });

  it('takes a short list in whole each time, remembering nothing', () => {
    const { added, pass, run } = totals(true);
    const short = items(5);
    run(short);
    run(short);
    expect(added).toHaveLength(10);
    expect(runPass(pass, items(40)).at(-1)).toBe(sum(items(40)));
  });
});

describe('sharedPrefixLength', () => {
  it('counts the very same items, in order', () => {
    const list = items(4);
    expect(sharedPrefixLength(list, [...list])).toBe(4);
    expect(sharedPrefixLength(list, [list[0] as Item, { n: 1 }])).toBe(1);
    expect(sharedPrefixLength(list, list.slice(0, 2))).toBe(2);
    expect(sharedPrefixLength([], list)).toBe(0);
  });
});
