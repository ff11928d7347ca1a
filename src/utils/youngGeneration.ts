// Keeps V8's young generation from taking its last step, 16 -> 32 MiB, in a long session.
// V8 doubles the new space (two semi-spaces) once the bytes that survived scavenges since its
// last growth pass its capacity; a conversation's history is exactly such survivors (every
// string kept is copied once and promoted once), so ~10 MB of history always takes it to V8's
// maximum, 2 x 16 MiB, held for the rest of the process (scripts/bench/RESULTS.md, "Long session
// memory"). The flags that say so at start-up do not fit: --max-semi-space-size is read only
// when the heap is made (set at run time it changes nothing), so it would have to be on the
// command line, which `node dist/pulse.js` (the SDK's path) does not have; a flag changed before
// the start-up modules load makes V8 refuse their code caches, Node's own included; and a growth
// factor of 1 from the start keeps the new space at its first 2 MiB (a round at round 1,000 cost
// ~1.6 ms more CPU). So after each model response the size is looked at and the growth factor
// follows it: 1 (no growth) once the new space is 16 MiB, V8's own 2 below, so a space the memory
// reducer shrank during a pause can grow back.
import { beforeV8FlagChange } from './codeCache.js';

/** The new space (both semi-spaces) V8 may reach: the start of the step it is kept from. */
const CAPPED_NEW_SPACE_BYTES = 16 * 1024 * 1024;
const V8_GROWTH_FACTOR = 2;

type V8 = typeof import('node:v8');
type Heap = Pick<V8, 'getHeapSpaceStatistics' | 'setFlagsFromString'>;

/** The growth factor that follows the new space's size (a class so a test can hand it a heap). */
export class GrowthFactorFollower {
  #factor = V8_GROWTH_FACTOR;

  constructor(
    private readonly heap: Heap,
    private readonly beforeChange: () => void = beforeV8FlagChange,
  ) {}

  follow(): void {
    const newSpace = this.heap.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (!newSpace) return;
    const wanted = newSpace.space_size >= CAPPED_NEW_SPACE_BYTES ? 1 : V8_GROWTH_FACTOR;
    if (wanted === this.#factor) return;
    this.beforeChange();
    this.heap.setFlagsFromString(`--semi-space-growth-factor=${wanted}`);
    this.#factor = wanted;
  }
}

let follower: GrowthFactorFollower | undefined;
let loading: Promise<void> | undefined;

/** After a model response: node:v8 is loaded on the first (start-up is over by then), and used from the next on. */
export function followYoungGeneration(): void {
  if (follower) {
    follower.follow();
    return;
  }
  loading ??= import('node:v8').then(
    (v8) => {
      follower = new GrowthFactorFollower(v8);
    },
    () => undefined,
  );
}
