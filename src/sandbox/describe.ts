// The sandbox in words: the part of the Bash tool's description that tells the model what its
// commands may do, and the report `/sandbox` prints for the person.
import type { SandboxPolicy } from '../types/sandbox.js';
import type { Availability } from './availability.js';
import { unixSocketFilter } from './seccomp.js';

function hostList(hosts: readonly string[]): string {
  return hosts.length === 0 ? 'none' : hosts.join(', ');
}

export function sandboxPromptSection(policy: SandboxPolicy, workingDirectories: readonly string[]): string {
  const { network } = policy;
  const reach =
    network.httpProxyPort !== undefined
      ? "Network access goes only through the HTTP proxy in HTTP_PROXY/HTTPS_PROXY, which the user's own proxy decides on."
      : network.allowedDomains.length > 0
        ? `Network access goes only through the HTTP proxy in HTTP_PROXY/HTTPS_PROXY, to these hosts: ${hostList(network.allowedDomains)}. Tools that ignore those variables have no network.`
        : 'There is no network access at all.';
  const lines = [
    '',
    'Sandbox:',
    `- Commands run inside Pulse's sandbox. They can write only inside ${workingDirectories.join(', ')} and $TMPDIR (use $TMPDIR, not /tmp, for temporary files). .git/hooks, .git/config, .claude/ and .mcp.json stay read-only, and secrets such as ~/.ssh are hidden.`,
    `- ${reach}`,
  ];
  if (policy.excludedCommands.length > 0) {
    lines.push(`- These commands run outside the sandbox and need the user's approval as usual: ${policy.excludedCommands.join(', ')}.`);
  }
  lines.push(
    policy.allowUnsandboxedCommands
      ? '- When a command fails because of the sandbox (a read-only file system, a permission error, a refused host), say so. Only if it really must run unrestricted, call Bash again with dangerouslyDisableSandbox: true; the user is asked to approve that every time. Never set it otherwise.'
      : '- Commands cannot run outside the sandbox here (dangerouslyDisableSandbox is ignored). When one fails because of the sandbox, tell the user what it needs.',
  );
  return lines.join('\n');
}

export type SandboxStatusFacts = {
  policy: SandboxPolicy | undefined;
  availability: Availability;
  workingDirectories: readonly string[];
  tempDir: string;
  /** Paths Read deny rules add to the hidden ones, as the rules write them. */
  readDenyRules: readonly string[];
};

function onOrOff(policy: SandboxPolicy, availability: Availability): string {
  if (availability.ok) return `on (bubblewrap at ${availability.bwrap})`;
  const fallback = policy.failIfUnavailable
    ? 'Bash commands are refused (sandbox.failIfUnavailable)'
    : 'Bash commands run without it and need approval as usual';
  return `on in settings, but it cannot start: ${availability.reason}. ${fallback}`;
}

export function sandboxStatusReport(facts: SandboxStatusFacts): string {
  const { policy, availability } = facts;
  if (!policy) {
    const machine = availability.ok ? 'bubblewrap is installed, so it would work here' : availability.reason;
    return [
      'Sandbox: off',
      'Turn it on with "sandbox": {"enabled": true} in .claude/settings.local.json (this project) or ~/.claude/settings.json (everywhere), then restart Pulse.',
      `This machine: ${machine}.`,
    ].join('\n');
  }
  const { filesystem, network } = policy;
  const reach =
    network.httpProxyPort !== undefined
      ? `through your proxy on 127.0.0.1:${network.httpProxyPort}`
      : network.allowedDomains.length > 0
        ? `only through Pulse's proxy, to ${hostList(network.allowedDomains)}`
        : 'none';
  const lines = [
    `Sandbox: ${onOrOff(policy, availability)}`,
    `Approval: ${policy.autoAllowBashIfSandboxed ? 'sandboxed commands run without asking (autoAllowBashIfSandboxed); deny and ask rules still apply' : 'commands are approved as usual, then run sandboxed'}`,
    `Leaving the sandbox: ${policy.allowUnsandboxedCommands ? 'dangerouslyDisableSandbox asks you every time' : 'not allowed (allowUnsandboxedCommands: false)'}`,
    `Excluded commands (run outside, approved as usual): ${policy.excludedCommands.length > 0 ? policy.excludedCommands.join(', ') : 'none'}`,
    `Writable: ${[...facts.workingDirectories, facts.tempDir, ...filesystem.allowWrite].join(', ')}`,
    'Read-only even there: .git/hooks, .git/config, .claude/, .mcp.json, Pulse and Claude settings, shell start-up files' +
      (filesystem.denyWrite.length > 0 ? `, ${filesystem.denyWrite.join(', ')}` : ''),
    `Hidden: ${[...filesystem.denyRead, ...facts.readDenyRules].join(', ')}`,
  ];
  if (filesystem.allowRead.length > 0) lines.push(`Readable again: ${filesystem.allowRead.join(', ')}`);
  lines.push(`Network: ${reach}${network.deniedDomains.length > 0 ? `; always refused: ${network.deniedDomains.join(', ')}` : ''}`);
  const sockets = network.allowAllUnixSockets
    ? 'allowed (allowAllUnixSockets)'
    : unixSocketFilter() === undefined
      ? `allowed: Pulse has no seccomp filter for ${process.arch}`
      : 'refused (seccomp)';
  lines.push(`New Unix sockets: ${sockets}`);
  return lines.join('\n');
}
