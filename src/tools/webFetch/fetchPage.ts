// Fetches one page within WebFetch's limits. Redirects are followed by hand so a redirect to
// another host can be handed back to the model instead of being followed blindly.
import { MAX_BODY_BYTES, MAX_REDIRECTS } from './limits.js';
import { isSameSiteRedirect } from './url.js';
import { beforeNodeFetch } from '../../utils/beforeNodeFetch.js';

export type FetchedPage = {
  kind: 'page';
  url: string;
  status: number;
  statusText: string;
  contentType: string;
  body: string;
  bytes: number;
};

export type CrossHostRedirect = { kind: 'redirect'; from: string; to: string; status: number };

export type FetchOutcome = FetchedPage | CrossHostRedirect;

export class WebFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebFetchError';
  }
}

export type FetchLimits = { signal: AbortSignal; timeoutMs: number; maxBytes?: number; maxRedirects?: number };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

async function readCapped(response: Response, maxBytes: number): Promise<{ text: string; bytes: number }> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new WebFetchError(`The page is ${formatBytes(declared)}, more than the ${formatBytes(maxBytes)} WebFetch reads.`);
  }
  if (!response.body) return { text: '', bytes: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw new WebFetchError(`The page is more than the ${formatBytes(maxBytes)} WebFetch reads.`);
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), bytes };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${bytes} bytes`;
}

function describeFailure(error: unknown, url: URL, timeoutMs: number, timedOut: boolean): WebFetchError {
  if (error instanceof WebFetchError) return error;
  if (timedOut) return new WebFetchError(`Fetching ${url.href} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new WebFetchError(`Could not fetch ${url.href}${cause || (error instanceof Error ? `: ${error.message}` : '')}`);
}

export async function fetchPage(start: URL, limits: FetchLimits): Promise<FetchOutcome> {
  const maxBytes = limits.maxBytes ?? MAX_BODY_BYTES;
  const maxRedirects = limits.maxRedirects ?? MAX_REDIRECTS;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([limits.signal, timeout]);
  let url = start;
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    try {
      await beforeNodeFetch();
      response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'text/markdown, text/html, */*', 'user-agent': 'Pulse-WebFetch/1.0' },
      });
    } catch (error) {
      if (limits.signal.aborted) throw error;
      throw describeFailure(error, url, limits.timeoutMs, timeout.aborted);
    }
    const location = response.headers.get('location');
    if (REDIRECT_STATUSES.has(response.status) && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (!isSameSiteRedirect(url, next)) return { kind: 'redirect', from: url.href, to: next.href, status: response.status };
      if (redirects >= maxRedirects) throw new WebFetchError(`${start.href} redirected more than ${maxRedirects} times.`);
      url = next;
      continue;
    }
    try {
      const { text, bytes } = await readCapped(response, maxBytes);
      return {
        kind: 'page',
        url: url.href,
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type') ?? '',
        body: text,
        bytes,
      };
    } catch (error) {
      if (limits.signal.aborted) throw error;
      throw describeFailure(error, url, limits.timeoutMs, timeout.aborted);
    }
  }
}
