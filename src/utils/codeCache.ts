// What the code that runs inside the built CLI bundle tells the loader about V8 code caches
// (src/cli/loadCli.ts hands the bundle these hooks). Absent when Pulse runs from source.

type CodeCacheHooks = {
  /** The first model request is out: print mode saves its caches now. */
  startupDone(): void;
  /** A V8 flag is about to change: save now, and write nothing made under the new flags. */
  beforeFlagChange(): void;
};

declare const __pulseCodeCache: CodeCacheHooks | undefined;

function hooks(): CodeCacheHooks | undefined {
  return typeof __pulseCodeCache === 'object' ? __pulseCodeCache : undefined;
}

let reported = false;

export function reportStartupDone(): void {
  if (reported) return;
  reported = true;
  hooks()?.startupDone();
}

export function beforeV8FlagChange(): void {
  hooks()?.beforeFlagChange();
}
