// Runs a settings command that hands Pulse a credential (apiKeyHelper, awsCredentialExport,
// awsAuthRefresh) with a deadline. The command gets its own process group so the deadline ends
// whatever it started, not only the shell. Only stderr is ever quoted in an error: stdout may
// hold part of a secret.
import { maskKey } from './mask.js';

/** A credential is short; output past this is not one and is not kept in memory. */
const MAX_OUTPUT_CHARS = 64 * 1024;

const KEY_LIKE = /sk-[A-Za-z0-9_-]{8,}/g;

export type CredentialCommand = {
  command: string;
  cwd: string;
  timeoutMs: number;
  /** How errors name the command, e.g. `apiKeyHelper`. */
  label: string;
  /** Where to pass the command's output as it runs (awsAuthRefresh shows its login prompt). */
  echo?: NodeJS.WritableStream;
};

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

/** The command's trimmed stdout; rejects with a one-line reason. */
export async function runCredentialCommand(spec: CredentialCommand): Promise<string> {
  const label = `${spec.label} "${spec.command}"`;
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, { shell: true, cwd: spec.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, spec.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      spec.echo?.write(chunk);
      if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      spec.echo?.write(chunk);
      if (stderr.length < MAX_OUTPUT_CHARS) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${label} could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new Error(`${label} timed out after ${Math.round(spec.timeoutMs / 1000)}s`));
      const said = firstLine(stderr);
      if (code !== 0) return reject(new Error(`${label} failed (exit ${code ?? 'by signal'})${said ? `: ${said}` : ''}`));
      resolve(stdout.trim());
    });
  });
}
