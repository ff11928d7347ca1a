// URL rules: http is upgraded to https except on this machine, and a redirect is followed only
// while it stays on the same host (give or take `www.`).

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname.endsWith('.localhost');
}

/** The URL to fetch: https unless the host is loopback. */
export function upgradeToHttps(url: URL): URL {
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return url;
  const upgraded = new URL(url.href);
  upgraded.protocol = 'https:';
  return upgraded;
}

function withoutWww(hostname: string): string {
  return hostname.replace(/^www\./, '');
}

/** Same host and port (ignoring `www.`), same protocol or an upgrade to https. */
export function isSameSiteRedirect(from: URL, to: URL): boolean {
  if (withoutWww(from.hostname) !== withoutWww(to.hostname) || from.port !== to.port) return false;
  return from.protocol === to.protocol || to.protocol === 'https:';
}
