// The settings' `sandbox` blocks, one per source, made into the session's SandboxPolicy: scalars
// from the highest source that sets them, lists merged across sources with each path resolved
// where its file says (the reference's prefixes: `/abs` or the older `//abs`, `~/home`, and `./rel`
// or `rel` from the project root, or from the user config folder for user settings). Secrets
// that no sandboxed command should read are hidden by default; `allowRead` opens them again.
import path from 'node:path';
import type { PermissionRule } from '../types/permissions.js';
import type { SandboxPolicy } from '../types/sandbox.js';

/** What Pulse reads of one settings file's `sandbox` block (the schema is in bootstrap/settings). */
export type SandboxSettingsBlock = {
  enabled?: boolean;
  failIfUnavailable?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  allowUnsandboxedCommands?: boolean;
  excludedCommands?: string[];
  network?: {
    allowedDomains?: string[];
    deniedDomains?: string[];
    allowAllUnixSockets?: boolean;
    allowManagedDomainsOnly?: boolean;
    httpProxyPort?: number;
  };
  filesystem?: {
    allowWrite?: string[];
    denyWrite?: string[];
    denyRead?: string[];
    allowRead?: string[];
    allowManagedReadPathsOnly?: boolean;
  };
};

/** A source's block and the folder its relative paths start from. */
export type SandboxSource = { block: SandboxSettingsBlock; root: string; managed: boolean };

export type PolicyPlaces = { home: string; pulseConfigDir: string; claudeConfigDir: string };

/** Hidden unless `allowRead` names them: keys, tokens and Pulse's own data (stored key, transcripts). */
export function defaultHiddenPaths(places: PolicyPlaces): string[] {
  const home = (...parts: string[]) => path.join(places.home, ...parts);
  return [
    home('.ssh'),
    home('.gnupg'),
    home('.aws'),
    home('.azure'),
    home('.config', 'gcloud'),
    home('.config', 'gh'),
    home('.kube'),
    home('.docker'),
    home('.password-store'),
    home('.netrc'),
    home('.git-credentials'),
    home('.npmrc'),
    home('.pypirc'),
    home('.claude.json'),
    path.join(places.claudeConfigDir, '.credentials.json'),
    places.pulseConfigDir,
  ];
}

export function resolveSandboxPath(entry: string, root: string, home: string): string {
  const text = entry.trim();
  if (text === '~') return home;
  if (text.startsWith('~/')) return path.join(home, text.slice(2));
  if (text.startsWith('/')) return path.normalize(text.replace(/^\/+/, '/'));
  return path.join(root, text.startsWith('./') ? text.slice(2) : text);
}

/** The last source (highest precedence) that sets the value. */
function scalar<T>(sources: readonly SandboxSource[], pick: (block: SandboxSettingsBlock) => T | undefined): T | undefined {
  let value: T | undefined;
  for (const source of sources) value = pick(source.block) ?? value;
  return value;
}

function paths(
  sources: readonly SandboxSource[],
  pick: (block: SandboxSettingsBlock) => string[] | undefined,
  home: string,
): string[] {
  const all = sources.flatMap((source) => (pick(source.block) ?? []).map((entry) => resolveSandboxPath(entry, source.root, home)));
  return [...new Set(all)];
}

function strings(sources: readonly SandboxSource[], pick: (block: SandboxSettingsBlock) => string[] | undefined): string[] {
  return [...new Set(sources.flatMap((source) => pick(source.block) ?? []))];
}

/** Sources lowest precedence first; undefined unless the merged settings turn the sandbox on. */
export function resolveSandboxPolicy(sources: readonly SandboxSource[], places: PolicyPlaces): SandboxPolicy | undefined {
  if (scalar(sources, (block) => block.enabled) !== true) return undefined;
  const managed = sources.filter((source) => source.managed);
  const domainSources = scalar(managed, (block) => block.network?.allowManagedDomainsOnly) ? managed : sources;
  const readSources = scalar(managed, (block) => block.filesystem?.allowManagedReadPathsOnly) ? managed : sources;
  const httpProxyPort = scalar(sources, (block) => block.network?.httpProxyPort);
  return {
    failIfUnavailable: scalar(sources, (block) => block.failIfUnavailable) ?? false,
    autoAllowBashIfSandboxed: scalar(sources, (block) => block.autoAllowBashIfSandboxed) ?? true,
    allowUnsandboxedCommands: scalar(sources, (block) => block.allowUnsandboxedCommands) ?? true,
    excludedCommands: strings(sources, (block) => block.excludedCommands),
    filesystem: {
      allowWrite: paths(sources, (block) => block.filesystem?.allowWrite, places.home),
      denyWrite: paths(sources, (block) => block.filesystem?.denyWrite, places.home),
      denyRead: [...new Set([...defaultHiddenPaths(places), ...paths(sources, (block) => block.filesystem?.denyRead, places.home)])],
      allowRead: paths(readSources, (block) => block.filesystem?.allowRead, places.home),
    },
    network: {
      allowedDomains: strings(domainSources, (block) => block.network?.allowedDomains),
      deniedDomains: strings(sources, (block) => block.network?.deniedDomains),
      allowAllUnixSockets: scalar(sources, (block) => block.network?.allowAllUnixSockets) ?? false,
      ...(httpProxyPort !== undefined ? { httpProxyPort } : {}),
    },
  };
}

function webFetchDomains(rules: readonly PermissionRule[], behavior: PermissionRule['behavior']): string[] {
  return rules
    .filter((rule) => rule.toolName === 'WebFetch' && rule.behavior === behavior && rule.ruleContent?.startsWith('domain:'))
    .map((rule) => (rule.ruleContent as string).slice('domain:'.length).trim())
    .filter(Boolean);
}

/**
 * The policy with the live permission rules folded in, as the reference does: `WebFetch(domain:x)`
 * allow rules open the sandbox's network to x too, and deny rules refuse it.
 */
export function withPermissionRules(policy: SandboxPolicy, rules: readonly PermissionRule[]): SandboxPolicy {
  const allowed = webFetchDomains(rules, 'allow');
  const denied = webFetchDomains(rules, 'deny');
  if (allowed.length === 0 && denied.length === 0) return policy;
  const { network } = policy;
  return {
    ...policy,
    network: {
      ...network,
      allowedDomains: [...new Set([...network.allowedDomains, ...allowed])],
      deniedDomains: [...new Set([...network.deniedDomains, ...denied])],
    },
  };
}
