import { chmodSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HooksConfig } from '../../../src/hooks/config.js';
import type { HookBaseInput, HookEvent } from '../../../src/hooks/events.js';

export type HookSandbox = { dir: string; script(name: string, body: string): string; cleanup(): void };

export function makeSandbox(): HookSandbox {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-hooks-')));
  return {
    dir,
    script(name, body) {
      const path = join(dir, name);
      writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(path, 0o755);
      return path;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function hooksFor(event: HookEvent, commands: string[], matcher?: string, timeout?: number): HooksConfig {
  return {
    [event]: [
      {
        ...(matcher === undefined ? {} : { matcher }),
        hooks: commands.map((command) => ({ type: 'command' as const, command, ...(timeout ? { timeout } : {}) })),
      },
    ],
  };
}

export function baseInput(cwd: string): HookBaseInput {
  return { session_id: 'session-1', transcript_path: join(cwd, 'transcript.jsonl'), cwd, permission_mode: 'default' };
}

export async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
