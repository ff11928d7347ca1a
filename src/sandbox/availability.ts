// Can this machine sandbox a command? bubblewrap must be installed and the kernel must let it
// create the namespaces Pulse uses. Asked once per process, by starting one empty sandbox with
// exactly the namespace flags every command gets.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { isExecutable } from '../utils/isExecutable.js';

export type Availability = { ok: true; bwrap: string } | { ok: false; reason: string };

/**
 * The isolation every sandboxed command gets: its own user namespace (no capabilities, no
 * nested user namespaces), its own network with only loopback, its own process tree and IPC.
 */
export const NAMESPACE_FLAGS: readonly string[] = [
  '--unshare-user',
  '--disable-userns',
  '--unshare-net',
  '--unshare-pid',
  '--unshare-ipc',
  '--die-with-parent',
  '--cap-drop',
  'ALL',
];

const PROBE_TIMEOUT_MS = 10_000;

export const INSTALL_HINT = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)';

export async function findBwrap(searchPath: string | undefined = process.env.PATH): Promise<string | undefined> {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'bwrap');
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function firstLine(text: string): string {
  return text.split('\n').map((line) => line.trim()).find((line) => line !== '') ?? '';
}

function probe(bwrap: string): Promise<Availability> {
  return new Promise((resolve) => {
    execFile(
      bwrap,
      [...NAMESPACE_FLAGS, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--', '/bin/sh', '-c', ':'],
      { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ ok: true, bwrap });
        const said = firstLine(stderr) || error.message;
        resolve({
          ok: false,
          reason: `bubblewrap cannot create a sandbox here (${said}); the kernel may forbid unprivileged user namespaces (see "Sandbox" in the README)`,
        });
      },
    );
  });
}

async function check(): Promise<Availability> {
  if (process.platform !== 'linux') {
    return { ok: false, reason: `Pulse's sandbox needs Linux with bubblewrap; this is ${process.platform}` };
  }
  const bwrap = await findBwrap();
  if (bwrap === undefined) return { ok: false, reason: `bubblewrap (bwrap) is not installed: ${INSTALL_HINT}` };
  return probe(bwrap);
}

let cached: Promise<Availability> | undefined;

/** Checked on first use and remembered for the life of the process. */
export function sandboxAvailability(): Promise<Availability> {
  cached ??= check();
  return cached;
}

/** Tests change PATH between cases. */
export function forgetSandboxAvailability(): void {
  cached = undefined;
}
