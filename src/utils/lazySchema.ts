// Building a zod schema costs time and memory at start-up, and most are first needed long after it.
export function lazySchema<T extends object>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
