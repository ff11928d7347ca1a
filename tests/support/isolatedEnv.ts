// For tests that set environment variables: each named variable starts unset in every test (or
// at the value given) and has its own value back after it, so no test leaks into the next.
import { afterEach, beforeEach } from 'vitest';

export function isolateEnv(names: readonly string[], startWith: Record<string, string> = {}): void {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) delete process.env[name];
    Object.assign(process.env, startWith);
  });
  afterEach(() => {
    for (const name of names) {
      const value = saved[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
