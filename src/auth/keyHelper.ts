// Runs an apiKeyHelper (a shell command that prints a key). The key it prints is kept for
// CLAUDE_CODE_API_KEY_HELPER_TTL_MS (five minutes unless set, as in the reference), so the
// command runs once however often credentials are looked up; after that the next lookup runs it
// again, and a 401 asks for a fresh key at once (renewKeyHelper). A failure is not kept, so
// fixing the command and trying again works.
import { runCredentialCommand } from '../utils/credentialCommand.js';

export const KEY_HELPER_TIMEOUT_MS = 10_000;
export const DEFAULT_KEY_HELPER_TTL_MS = 5 * 60_000;

type CachedKey = { key: Promise<string>; expiresAt: number };

const cache = new Map<string, CachedKey>();

/** CLAUDE_CODE_API_KEY_HELPER_TTL_MS when it is a non-negative whole number, else five minutes. */
export function keyHelperTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS?.trim() ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : DEFAULT_KEY_HELPER_TTL_MS;
}

async function run(command: string, cwd: string, timeoutMs: number): Promise<string> {
  const key = await runCredentialCommand({ command, cwd, timeoutMs, label: 'apiKeyHelper' });
  if (key === '') throw new Error(`apiKeyHelper "${command}" printed no key`);
  return key;
}

function start(cacheKey: string, command: string, cwd: string, timeoutMs: number): Promise<string> {
  const entry: CachedKey = { key: run(command, cwd, timeoutMs), expiresAt: Number.POSITIVE_INFINITY };
  cache.set(cacheKey, entry);
  // The time to live counts from when the key arrived, not from when the command started.
  entry.key.then(
    () => (entry.expiresAt = Date.now() + keyHelperTtlMs()),
    () => {
      if (cache.get(cacheKey) === entry) cache.delete(cacheKey);
    },
  );
  return entry.key;
}

/** The key the command prints, from the cache while it is fresh; rejects with a one-line reason. */
export function runKeyHelper(command: string, cwd: string, timeoutMs: number = KEY_HELPER_TIMEOUT_MS): Promise<string> {
  const cacheKey = `${cwd}\0${command}`;
  const cached = cache.get(cacheKey);
  if (cached && Date.now() < cached.expiresAt) return cached.key;
  return start(cacheKey, command, cwd, timeoutMs);
}

/** Runs the command again now, whatever the cache holds: the API refused the key it had. */
export function renewKeyHelper(command: string, cwd: string, timeoutMs: number = KEY_HELPER_TIMEOUT_MS): Promise<string> {
  return start(`${cwd}\0${command}`, command, cwd, timeoutMs);
}

/** Forgets the keys helpers printed (tests, and a helper chosen afresh in /login). */
export function clearKeyHelperCache(): void {
  cache.clear();
}
