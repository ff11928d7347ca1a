// What the model is told when a sandboxed command may have failed because of the sandbox: what
// the sandbox allows, what it refused, and the way out (asking to run outside, which the person
// must approve), or that there is none.
import type { BlockedHost } from './proxy.js';

const FILE_SYSTEM_ERRORS = /read-only file system|operation not permitted|permission denied|EROFS|EACCES|EPERM/i;
const NETWORK_ERRORS =
  /could not resolve|name resolution|network is unreachable|getaddrinfo|ENOTFOUND|EAI_AGAIN|ENETUNREACH|connection refused|ECONNREFUSED|failed to connect|unable to connect/i;

export type FailureFacts = {
  exitCode: number;
  output: string;
  blockedHosts: readonly BlockedHost[];
  allowUnsandboxedCommands: boolean;
  /** Whether some hosts are allowed through the proxy at all. */
  networkAllowed: boolean;
};

function wayOut(allowUnsandboxed: boolean): string {
  return allowUnsandboxed
    ? 'If the sandbox is what stopped it and the command must run anyway, call Bash again with dangerouslyDisableSandbox: true; the user will be asked to approve running it outside the sandbox.'
    : 'Running commands outside the sandbox is switched off here (sandbox.allowUnsandboxedCommands is false): tell the user what the command needs, so they can change the sandbox settings.';
}

export function sandboxFailureNote(facts: FailureFacts): string | undefined {
  const lines: string[] = [];
  for (const { host, port } of facts.blockedHosts) {
    lines.push(`Pulse's sandbox refused network access to ${host}:${port} (not an allowed host).`);
  }
  const failed = facts.exitCode !== 0;
  const fileSystem = failed && FILE_SYSTEM_ERRORS.test(facts.output);
  const network = failed && NETWORK_ERRORS.test(facts.output);
  if (lines.length === 0 && !fileSystem && !network) return undefined;
  if (fileSystem) {
    lines.push(
      "This command ran in Pulse's sandbox, which lets it write only inside the working directories and $TMPDIR, keeps .git/hooks, .git/config and settings files read-only, and hides secrets such as ~/.ssh; the error above may come from that.",
    );
  }
  if (network && facts.blockedHosts.length === 0) {
    lines.push(
      facts.networkAllowed
        ? "This command ran in Pulse's sandbox: network access goes only through its proxy (HTTP_PROXY/HTTPS_PROXY) to the allowed hosts; the error above may come from that."
        : "This command ran in Pulse's sandbox, which has no network access at all; the error above may come from that.",
    );
  }
  lines.push(wayOut(facts.allowUnsandboxedCommands));
  return lines.join('\n');
}
