// The Bash sandbox as the settings configure it, once their paths are made absolute. Present in
// the permission context only when `sandbox.enabled` is set, so sub-agents inherit it with the
// rules and nothing about it loads otherwise.

export type SandboxFilesystemPolicy = {
  /** Writable besides the working directories and the sandbox's temp folder. */
  allowWrite: string[];
  /** Read-only even inside a writable place. */
  denyWrite: string[];
  /** Hidden: absolute paths, or gitignore patterns anchored at an absolute base (`/a/b/**\/*.pem`). */
  denyRead: string[];
  /** Readable again inside a `denyRead` region. */
  allowRead: string[];
};

export type SandboxNetworkPolicy = {
  /** Hosts sandboxed commands may reach through Pulse's proxy: `example.com`, `*.example.com`, `host:443`. */
  allowedDomains: string[];
  /** Refused even when an allowed pattern matches. */
  deniedDomains: string[];
  /** No seccomp filter against new Unix sockets (Docker's socket, D-Bus and the like). */
  allowAllUnixSockets: boolean;
  /** The user's own HTTP proxy on this host's loopback, which then decides instead of Pulse's. */
  httpProxyPort?: number;
};

export type SandboxPolicy = {
  /** Refuse to run Bash at all when the sandbox cannot start (otherwise: a warning, then normal approval). */
  failIfUnavailable: boolean;
  /** Sandboxed commands need no approval (rules that deny or ask still apply). */
  autoAllowBashIfSandboxed: boolean;
  /** Whether `dangerouslyDisableSandbox` may ask to run a command outside. */
  allowUnsandboxedCommands: boolean;
  /** Command patterns (`docker`, `docker compose:*`) that always run outside, with normal approval. */
  excludedCommands: string[];
  filesystem: SandboxFilesystemPolicy;
  network: SandboxNetworkPolicy;
};
