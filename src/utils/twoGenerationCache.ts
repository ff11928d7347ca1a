// A cache that cannot grow without bound yet costs nothing per hit: entries go into the current
// generation; when it is full (by entries or by the characters it holds) it becomes the previous
// one and the one before is dropped whole. A hit in the previous generation moves the entry
// forward, so what is still in use survives every turn. Ink's text measuring and wrapping caches
// use it (scripts/packagePatches.mjs): they met every distinct text once, each frame of a
// streamed paragraph included, and kept them all.
export class TwoGenerationCache<V> {
  #current = new Map<string, V>();
  #previous = new Map<string, V>();
  #chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: string): V | undefined {
    const value = this.#current.get(key);
    if (value !== undefined) return value;
    const old = this.#previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  /** `chars` is what the entry holds; the key's length when the value is small. */
  set(key: string, value: V, chars = key.length): void {
    this.#current.set(key, value);
    this.#chars += chars;
    if (this.#current.size < this.maxEntries && this.#chars < this.maxChars) return;
    this.#previous = this.#current;
    this.#current = new Map();
    this.#chars = 0;
  }
}
