import type { HeapSpaceInfo } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { GrowthFactorFollower } from '../../../src/utils/youngGeneration.js';

const MIB = 1024 * 1024;

/** A heap whose new space is whatever the test says, recording the flags set and the cache saves before them. */
function fakeHeap() {
  const calls: string[] = [];
  const heap = {
    newSpace: 2 * MIB,
    getHeapSpaceStatistics: (): HeapSpaceInfo[] => [
      { space_name: 'old_space', space_size: 40 * MIB, space_used_size: 0, space_available_size: 0, physical_space_size: 0 },
      { space_name: 'new_space', space_size: heap.newSpace, space_used_size: 0, space_available_size: 0, physical_space_size: 0 },
    ],
    setFlagsFromString: (flags: string): void => {
      calls.push(flags);
    },
  };
  const follower = new GrowthFactorFollower(heap, () => calls.push('save caches'));
  return { heap, calls, follower };
}

describe('GrowthFactorFollower', () => {
  it('changes no flag while the new space is below 16 MiB', () => {
    const { heap, calls, follower } = fakeHeap();
    for (const size of [1, 2, 4, 8]) {
      heap.newSpace = size * MIB;
      follower.follow();
    }
    expect(calls).toEqual([]);
  });

  it('stops growth at 16 MiB, once, after saving the code caches', () => {
    const { heap, calls, follower } = fakeHeap();
    heap.newSpace = 16 * MIB;
    follower.follow();
    follower.follow();
    expect(calls).toEqual(['save caches', '--semi-space-growth-factor=1']);
  });

  it("gives V8 its own factor back when the memory reducer shrank the space, and stops it again at 16 MiB", () => {
    const { heap, calls, follower } = fakeHeap();
    heap.newSpace = 16 * MIB;
    follower.follow();
    heap.newSpace = 2 * MIB;
    follower.follow();
    heap.newSpace = 32 * MIB;
    follower.follow();
    expect(calls.filter((call) => call !== 'save caches')).toEqual([
      '--semi-space-growth-factor=1',
      '--semi-space-growth-factor=2',
      '--semi-space-growth-factor=1',
    ]);
  });
});
