// Which hosts the sandbox's proxy lets through. Entries are the reference's: `example.com` is that
// host only, `*.example.com` its subdomains (not the apex), and `host:443` one port of it; an
// entry without a port matches every port. A denied entry beats any allowed one.

type DomainEntry = { host: string; wildcard: boolean; port?: number };

export type DomainRules = { allowed: readonly string[]; denied: readonly string[] };

function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase().replace(/\.$/, '');
  return trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
}

export function parseDomainEntry(entry: string): DomainEntry | undefined {
  let text = entry.trim();
  if (text === '') return undefined;
  let port: number | undefined;
  const portMatch = /^(.*[^:]):(\d{1,5})$/.exec(text);
  // `::1` is a host, not `:` + port 1; bracketed IPv6 carries its port after the bracket.
  if (portMatch && (!text.includes('::') || text.startsWith('['))) {
    text = portMatch[1] as string;
    port = Number(portMatch[2]);
  }
  const wildcard = text.startsWith('*.');
  const host = normalizeHost(wildcard ? text.slice(2) : text);
  if (host === '' || host.includes('*')) return undefined;
  return port === undefined ? { host, wildcard } : { host, wildcard, port };
}

function entryMatches(entry: DomainEntry, host: string, port: number): boolean {
  if (entry.port !== undefined && entry.port !== port) return false;
  return entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host;
}

function anyMatches(entries: readonly string[], host: string, port: number): boolean {
  return entries.some((text) => {
    const entry = parseDomainEntry(text);
    return entry !== undefined && entryMatches(entry, host, port);
  });
}

export type DomainVerdict = { allowed: true } | { allowed: false; why: 'denied' | 'not_allowed' };

export function judgeHost(rules: DomainRules, rawHost: string, port: number): DomainVerdict {
  const host = normalizeHost(rawHost);
  if (anyMatches(rules.denied, host, port)) return { allowed: false, why: 'denied' };
  if (anyMatches(rules.allowed, host, port)) return { allowed: true };
  return { allowed: false, why: 'not_allowed' };
}
