// Shared bits for the REPL's ink-testing-library tests: wait for a frame instead of sleeping,
// and the raw key sequences a terminal sends.
import type { Key } from 'ink';
import { NO_KEY } from '../../src/ui/input/keymap.js';
import { stripAnsi } from '../../src/ui/markdown/ansi.js';

/** Polls `check` on a short interval until it holds; fails after `timeoutMs` (generous: CI
 * machines have two cores and the whole suite runs on them at once). */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets Ink attach its input listeners (they are added in effects after the first frame). */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

export const plain = (frame: string | undefined): string => stripAnsi(frame ?? '');

export const KEYS = {
  enter: '\r',
  escape: '\u001B',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  tab: '\t',
  shiftTab: '\u001B[Z',
  backspace: '\u007F',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  ctrlJ: '\n',
} as const;

/** An Ink Key with everything off, for testing pure key handling. */
export function key(overrides: Partial<Key> = {}): Key {
  return { ...NO_KEY, ...overrides };
}
