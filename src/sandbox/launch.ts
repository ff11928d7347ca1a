// One sandboxed command: the bubblewrap command line that runs the shell inside, its environment,
// and, when some hosts are allowed, the proxy that serves the bridge's connections while the
// command runs. `finish` tidies up and reports what the sandbox refused.
import { readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import type { SandboxPolicy } from '../types/sandbox.js';
import { NAMESPACE_FLAGS } from './availability.js';
import { BRIDGE_PORT, BRIDGE_SOURCE } from './bridge.js';
import { planMounts, type MountEntry } from './mounts.js';
import { protectedEntries } from './protectedPaths.js';
import { createSandboxProxy, type BlockedHost, type SandboxProxy } from './proxy.js';
import { sandboxRuntimeDir } from './runtimeDir.js';
import { unixSocketFilter } from './seccomp.js';

export type SandboxRequest = {
  policy: SandboxPolicy;
  bwrap: string;
  cwd: string;
  /** Absolute and symlink-resolved, cwd's first. */
  workingDirectories: readonly string[];
  /** Concrete paths to hide (settings `denyRead` and Read deny rules, patterns already expanded). */
  hiddenPaths: readonly string[];
  /** Writable besides the working directories (settings `allowWrite`, Edit allow rules). */
  writablePaths: readonly string[];
  env: NodeJS.ProcessEnv;
  home: string;
  pulseConfigDir: string;
  claudeConfigDir: string;
};

export type SpawnSpec = {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** What the child gets after stdin, stdout and stderr (fd 3 onwards): bytes to read, or the IPC channel. */
  extraStdio: Array<Uint8Array | 'ipc'>;
};

export type SandboxReport = { blockedHosts: BlockedHost[] };

export type SandboxRun = {
  /** The sandbox's writable temp folder (its TMPDIR), the same path inside and out. */
  tempDir: string;
  spawnSpec(shell: string, script: string): SpawnSpec;
  /** Serve the bridge's connections from this child. */
  attach(child: { on(event: 'message', listener: (message: unknown, handle: unknown) => void): unknown }): void;
  finish(): SandboxReport;
};

const NO_PROXY = 'localhost,127.0.0.1,::1';
const SECCOMP_FD = 3;

/** Mount points made for missing protected paths, counted across the commands using them. */
const liveMountPoints = new Map<string, number>();

function removeIfEmpty(target: string): void {
  try {
    const stats = statSync(target);
    if (stats.isDirectory() && readdirSync(target).length === 0) rmdirSync(target);
    else if (stats.isFile() && stats.size === 0) unlinkSync(target);
  } catch {
    // Gone already, or in use: either way nothing is left to tidy.
  }
}

function releaseMountPoints(points: readonly string[]): void {
  for (const point of [...points].reverse()) {
    const count = (liveMountPoints.get(point) ?? 1) - 1;
    if (count > 0) {
      liveMountPoints.set(point, count);
      continue;
    }
    liveMountPoints.delete(point);
    removeIfEmpty(point);
  }
}

function isWithin(target: string, ancestor: string): boolean {
  const relative = path.relative(ancestor, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A protected path under a mount point another command made is protected by that mount point. */
function sharedMountPoints(entries: readonly MountEntry[]): { entries: MountEntry[]; reused: string[] } {
  const reused = new Set<string>();
  const kept = entries.map((entry) => {
    if (entry.kind !== 'protect') return entry;
    const point = [...liveMountPoints.keys()].find((live) => isWithin(entry.path, live));
    if (point === undefined) return entry;
    reused.add(point);
    return { ...entry, path: point };
  });
  return { entries: kept, reused: [...reused] };
}

function mountEntries(request: SandboxRequest, tempDir: string): MountEntry[] {
  const { filesystem } = request.policy;
  const writableRoots = [...request.workingDirectories, ...request.writablePaths];
  return [
    ...writableRoots.map((dir): MountEntry => ({ path: dir, kind: 'write' })),
    { path: tempDir, kind: 'write' },
    ...filesystem.allowRead.map((dir): MountEntry => ({ path: dir, kind: 'read' })),
    // Node runs the network bridge; a hidden home folder must not hide it.
    { path: process.execPath, kind: 'read' },
    ...request.hiddenPaths.map((dir): MountEntry => ({ path: dir, kind: 'hide' })),
    ...filesystem.denyWrite.map((dir): MountEntry => ({ path: dir, kind: 'protect', isDirectory: true })),
    ...protectedEntries({
      writableRoots,
      home: request.home,
      pulseConfigDir: request.pulseConfigDir,
      claudeConfigDir: request.claudeConfigDir,
    }),
  ];
}

function sandboxEnv(request: SandboxRequest, tempDir: string, bridged: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...request.env, TMPDIR: tempDir, PULSE_SANDBOX: '1' };
  if (!bridged) return env;
  const proxy = `http://127.0.0.1:${BRIDGE_PORT}`;
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) env[name] = proxy;
  env.NO_PROXY = NO_PROXY;
  env.no_proxy = NO_PROXY;
  // The bridge is a Node process too: the command's NODE_OPTIONS are handed on to the command only.
  if (env.NODE_OPTIONS !== undefined) env.PULSE_SANDBOX_NODE_OPTIONS = env.NODE_OPTIONS;
  delete env.NODE_OPTIONS;
  return env;
}

/** With `httpProxyPort`, the user's proxy decides: each connection is joined to it as it is. */
function userProxy(port: number): (socket: Socket) => void {
  return (socket) => {
    const upstream = connect(port, '127.0.0.1');
    const close = (): void => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.once('error', close);
    socket.once('error', close);
    socket.pipe(upstream).pipe(socket);
  };
}

export function prepareSandboxRun(request: SandboxRequest): SandboxRun {
  const tempDir = sandboxRuntimeDir().tmp;
  const { network } = request.policy;
  const bridged = network.allowedDomains.length > 0 || network.httpProxyPort !== undefined;
  const { entries, reused } = sharedMountPoints(mountEntries(request, tempDir));
  const plan = planMounts(entries);
  const ownPoints = [...plan.mountPoints, ...reused];
  for (const point of ownPoints) liveMountPoints.set(point, (liveMountPoints.get(point) ?? 0) + 1);
  const filter = request.policy.network.allowAllUnixSockets ? undefined : unixSocketFilter();
  let proxy: SandboxProxy | undefined;
  let finished = false;
  const pulseProxy = (): ((socket: Socket) => void) => {
    const serving = createSandboxProxy({ allowed: network.allowedDomains, denied: network.deniedDomains });
    proxy = serving;
    return (socket) => serving.accept(socket);
  };

  return {
    tempDir,
    spawnSpec(shell, script) {
      const inner = bridged ? [process.execPath, '-e', BRIDGE_SOURCE, shell, '-c', script] : [shell, '-c', script];
      const extraStdio: Array<Uint8Array | 'ipc'> = [];
      const seccomp: string[] = [];
      if (filter) {
        // bubblewrap reads the filter from a pipe on fd 3 and installs it before running the shell.
        extraStdio.push(filter);
        seccomp.push('--seccomp', String(SECCOMP_FD));
      }
      if (bridged) extraStdio.push('ipc');
      const args = [
        ...NAMESPACE_FLAGS,
        ...seccomp,
        '--ro-bind', '/', '/',
        '--dev', '/dev',
        '--proc', '/proc',
        ...plan.args,
        '--chdir', request.cwd,
        '--',
        ...inner,
      ];
      return { file: request.bwrap, args, env: sandboxEnv(request, tempDir, bridged), extraStdio };
    },
    attach(child) {
      if (!bridged) return;
      const serve = network.httpProxyPort === undefined ? pulseProxy() : userProxy(network.httpProxyPort);
      child.on('message', (message, handle) => {
        if (message === 'connection' && handle && typeof (handle as Socket).pipe === 'function') serve(handle as Socket);
      });
    },
    finish() {
      if (finished) return { blockedHosts: proxy?.blocked() ?? [] };
      finished = true;
      proxy?.close();
      releaseMountPoints(ownPoints);
      return { blockedHosts: proxy?.blocked() ?? [] };
    },
  };
}
