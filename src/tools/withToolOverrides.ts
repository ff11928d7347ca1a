// Wraps a tool with some of its members replaced. A spread (`{ ...tool, call }`) would read
// every getter, and a tool's `inputSchema` is a getter so that its zod schema is built only when
// something first needs it; copying property descriptors keeps the getters as getters.
import type { AnyTool } from './Tool.js';

/** Own and inherited members, nearest first, so a tool built from a class keeps its methods. */
function descriptorsOf(object: object): PropertyDescriptorMap {
  const prototype: unknown = Object.getPrototypeOf(object);
  const inherited = prototype === null || prototype === Object.prototype ? {} : descriptorsOf(prototype as object);
  return { ...inherited, ...Object.getOwnPropertyDescriptors(object) };
}

export function withToolOverrides<T extends AnyTool>(tool: T, overrides: Partial<T>): T {
  const copy = Object.defineProperties({}, descriptorsOf(tool));
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(overrides)) as T;
}
