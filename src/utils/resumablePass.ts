// The context layers run before every request over the whole conversation, which only grows at
// its end from one round to the next. A resumable pass keeps what it worked out for the messages
// it has taken in, and when the next list begins with those very objects (messages never change
// once made) it takes in only the ones after them: a round's work follows what the round added,
// not the length of the session. Lists are told apart by their first item, which a conversation
// keeps until it is compacted, so a sub-agent or a forked side question keeps its own progress.

export type Pass<T, S> = {
  /** The state before any item. */
  start: () => S;
  /**
   * The state after only the first `count` of the items taken in (fewer than were), or
   * undefined when the pass cannot go back and starts again from the first item.
   */
  rewind: (state: S, count: number) => S | undefined;
  /**
   * Takes in `list[index]`. What it returns stands for the item from now on (a layer that hands
   * on a changed copy, which the next round's list then holds), else the item itself.
   */
  add: (state: S, item: T, index: number, list: readonly T[]) => T | void;
};

type Progress<T, S> = { seen: T[]; state: S };

/** Below this length a list is taken in whole: remembering it would cost more than it saves. */
const MIN_REMEMBERED = 16;

/** How many of `list`'s first items are, one for one, the very items `seen` begins with. */
export function sharedPrefixLength<T>(seen: readonly T[], list: readonly T[]): number {
  const shorter = Math.min(seen.length, list.length);
  let count = 0;
  while (count < shorter && seen[count] === list[count]) count++;
  return count;
}

function takeIn<T, S>(pass: Pass<T, S>, progress: Progress<T, S>, list: readonly T[], from: number): void {
  for (let index = from; index < list.length; index++) {
    const item = list[index] as T;
    progress.seen.push(pass.add(progress.state, item, index, list) ?? item);
  }
}

/** `pass` over the whole list, remembering nothing. */
export function runPass<T, S>(pass: Pass<T, S>, list: readonly T[]): S {
  const fresh = { seen: [], state: pass.start() };
  takeIn(pass, fresh, list, 0);
  return fresh.state;
}

/**
 * Runs `pass` over a list, resuming where the last list of the same conversation left off.
 * The state returned is the pass's own and changes with the next call: use it at once.
 */
export function resumablePass<T extends object, S>(pass: Pass<T, S>): (list: readonly T[]) => S {
  const byConversation = new WeakMap<T, Progress<T, S>>();
  return (list) => {
    const first = list[0];
    if (first === undefined || list.length < MIN_REMEMBERED) return runPass(pass, list);
    let progress = byConversation.get(first);
    if (!progress) {
      progress = { seen: [], state: pass.start() };
      byConversation.set(first, progress);
    }
    const kept = sharedPrefixLength(progress.seen, list);
    if (kept < progress.seen.length) {
      const rewound = pass.rewind(progress.state, kept);
      progress.seen.length = rewound === undefined ? 0 : kept;
      progress.state = rewound ?? pass.start();
    }
    takeIn(pass, progress, list, progress.seen.length);
    return progress.state;
  };
}

/** Each item mapped on its own, the mapping kept for the items already seen: a fresh array each call. */
export function resumableMap<T extends object, U>(map: (item: T) => U): (list: readonly T[]) => U[] {
  const mapped = resumablePass<T, U[]>({
    start: () => [],
    rewind: (results, count) => {
      results.length = count;
      return results;
    },
    add: (results, item) => {
      results.push(map(item));
    },
  });
  return (list) => mapped(list).slice();
}
