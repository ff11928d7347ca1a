// Workspace trust: nothing a folder configures (hooks, credential helpers, settings `env`, MCP
// servers, status-line and `!` pre-commands, plugin and skill hooks) runs before the person has
// said they trust the folder. The interactive face asks once and the answer is remembered under
// PULSE_CONFIG_DIR; print and SDK runs take being started in a folder as trusting it, as the
// reference does. Bootstrap refuses to start in an untrusted folder, so a new face cannot forget.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as z from 'zod';
import { writeFileAtomically } from '../utils/atomicWrite.js';
import { homeDir, pulseConfigDir } from '../utils/configDir.js';
import { withFileLock } from '../utils/fileLock.js';
import { lazySchema } from '../utils/lazySchema.js';
import { isInsideDirectory } from '../permissions/paths.js';

const trustStoreSchema = lazySchema(() =>
  z.object({
    folders: z.record(z.string(), z.object({ trustedAt: z.string() })),
  }),
);
type TrustStore = z.infer<ReturnType<typeof trustStoreSchema>>;

/** Folders trusted by this process only: an answer for the home folder, or a non-interactive run. */
const sessionTrusted = new Set<string>();

export class UntrustedWorkspaceError extends Error {
  constructor(readonly folder: string) {
    super(`${folder} is not a trusted folder; start pulse there interactively once and answer the trust question`);
  }
}

export function trustStorePath(): string {
  return join(pulseConfigDir(), 'trusted-folders.json');
}

function realFolder(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** The home folder and the folders above it hold everyone's files: trusting them never lasts. */
function isHomeOrAbove(folder: string): boolean {
  return isInsideDirectory(realFolder(homeDir()), folder);
}

/** A broken or missing store trusts nothing; the question is asked again and the file rewritten. */
function readStore(): TrustStore {
  const path = trustStorePath();
  if (!existsSync(path)) return { folders: {} };
  try {
    const parsed = trustStoreSchema().safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : { folders: {} };
  } catch {
    return { folders: {} };
  }
}

function ancestorsOf(folder: string): string[] {
  const chain: string[] = [];
  for (let current = folder; ; current = dirname(current)) {
    chain.push(current);
    if (dirname(current) === current) return chain;
  }
}

/** Whether `cwd`, or a folder above it, was trusted for good (the home folder never counts). */
export function isRememberedAsTrusted(cwd: string): boolean {
  const folders = readStore().folders;
  return ancestorsOf(realFolder(cwd)).some((folder) => folders[folder] !== undefined && !isHomeOrAbove(folder));
}

/** The gate: may anything from this folder run in this process? */
export function isWorkspaceTrusted(cwd: string): boolean {
  const folder = realFolder(cwd);
  if (ancestorsOf(folder).some((candidate) => sessionTrusted.has(candidate))) return true;
  return isRememberedAsTrusted(folder);
}

/** Bootstrap's first step: throws when the folder was never trusted. */
export function requireWorkspaceTrust(cwd: string): void {
  if (!isWorkspaceTrusted(cwd)) throw new UntrustedWorkspaceError(realFolder(cwd));
}

/** Print and SDK runs: starting Pulse in a folder without a terminal is taken as trusting it. */
export function trustForThisRun(cwd: string): void {
  sessionTrusted.add(realFolder(cwd));
}

/** Whether a yes for this folder can be remembered (everything but the home folder and above). */
export function canRememberTrust(cwd: string): boolean {
  return !isHomeOrAbove(realFolder(cwd));
}

/**
 * The person said yes: trusted now, and remembered unless it is the home folder (or above).
 * Resolves with whether it was remembered.
 */
export async function trustWorkspace(cwd: string, now: Date = new Date()): Promise<boolean> {
  const folder = realFolder(cwd);
  sessionTrusted.add(folder);
  if (!canRememberTrust(folder)) return false;
  // Under the store's cross-process lock: two windows trusting two folders at once keep both.
  await withFileLock(trustStorePath(), async (assertHeld) => {
    const store = readStore();
    store.folders[folder] = { trustedAt: now.toISOString() };
    await assertHeld();
    await writeFileAtomically(trustStorePath(), `${JSON.stringify(store, null, 2)}\n`);
  });
  return true;
}
