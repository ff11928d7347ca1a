// Runs an apiKeyHelper (a shell command that prints a key) with a deadline. The command gets its
// own process group so the deadline ends whatever it started, not only the shell. The key it
// prints is kept for the rest of the session, so the command runs once however often credentials
// are looked up; a failure is not kept, so fixing the command and trying again works.
import { maskKey } from './mask.js';

export const KEY_HELPER_TIMEOUT_MS = 10_000;

/** A key is short; anything past this is not one and is not kept in memory. */
const MAX_OUTPUT_CHARS = 64 * 1024;

const KEY_LIKE = /sk-[A-Za-z0-9_-]{8,}/g;

const cache = new Map<string, Promise<string>>();

/** The first line of stderr, short, with anything that looks like a key masked. */
function firstLine(text: string): string {
  const line = (text.trim().split('\n')[0]?.trim() ?? '').replace(KEY_LIKE, (found) => maskKey(found));
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function run(command: string, cwd: string, timeoutMs: number): Promise<string> {
  const label = `apiKeyHelper "${command}"`;
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_OUTPUT_CHARS) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${label} could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new Error(`${label} timed out after ${Math.round(timeoutMs / 1000)}s`));
      // Only stderr is quoted: stdout may hold part of a key.
      const said = firstLine(stderr);
      if (code !== 0) return reject(new Error(`${label} failed (exit ${code ?? 'by signal'})${said ? `: ${said}` : ''}`));
      const key = stdout.trim();
      if (key === '') return reject(new Error(`${label} printed no key`));
      resolve(key);
    });
  });
}

/** The key the command prints; rejects with a one-line reason. */
export function runKeyHelper(command: string, cwd: string, timeoutMs: number = KEY_HELPER_TIMEOUT_MS): Promise<string> {
  const cacheKey = `${cwd}\0${command}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const pending = run(command, cwd, timeoutMs);
  cache.set(cacheKey, pending);
  pending.catch(() => cache.delete(cacheKey));
  return pending;
}

/** Forgets the keys helpers printed (tests, and a helper chosen afresh in /login). */
export function clearKeyHelperCache(): void {
  cache.clear();
}
