// The first model request ends start-up. The built CLI bundle is handed a function for that
// moment (src/cli/loadCli.ts), which saves print mode's V8 code cache when it needs saving.

/** Set by the bundle's wrapper in a build; absent when Pulse runs from source. */
declare const __pulseStartupDone: (() => void) | undefined;

let reported = false;

export function reportStartupDone(): void {
  if (reported) return;
  reported = true;
  if (typeof __pulseStartupDone === 'function') __pulseStartupDone();
}
