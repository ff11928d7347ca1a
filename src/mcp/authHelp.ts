// What to say when an HTTP or SSE server answers 401. Pulse cannot run an OAuth login yet, so the
// message names the way that works today: a token in the entry's `headers`. When the server
// publishes OAuth metadata (found with the SDK's discovery), the message says so, so nobody
// hunts for a login command that does not exist.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { beforeNodeFetch } from '../utils/beforeNodeFetch.js';

export type AuthFailure = {
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** The refusing answer's status (401, or 403) and `WWW-Authenticate` header, when seen. */
  status?: number;
  challenge?: string;
  timeoutMs: number;
};

const TOKEN_HINT =
  'Pass a token instead: add "headers": {"Authorization": "Bearer ${YOUR_TOKEN}"} to this server in .mcp.json (or your MCP config) and set YOUR_TOKEN in the environment.';

function sendsAuthorization(headers: AuthFailure['headers']): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** The authorization servers the MCP server names in its OAuth metadata; empty when it has none. */
async function oauthServers(failure: AuthFailure): Promise<string[]> {
  const { discoverOAuthProtectedResourceMetadata, extractResourceMetadataUrl } = await import('@modelcontextprotocol/sdk/client/auth.js');
  const resourceMetadataUrl = failure.challenge
    ? extractResourceMetadataUrl(new Response(null, { status: 401, headers: { 'www-authenticate': failure.challenge } }))
    : undefined;
  const signal = AbortSignal.timeout(failure.timeoutMs);
  const fetchWithDeadline: FetchLike = async (url, init) => {
    await beforeNodeFetch();
    return fetch(url, { ...init, signal });
  };
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(
      failure.url,
      resourceMetadataUrl ? { resourceMetadataUrl } : {},
      fetchWithDeadline,
    );
    return metadata.authorization_servers ?? [];
  } catch {
    // No metadata (404), an unreadable answer or no answer in time: not an OAuth server we can name.
    return [];
  }
}

/** `detail` is what the transport reported; a long error page is cut short. */
export async function describeAuthRequired(failure: AuthFailure, detail: string): Promise<string> {
  const status = failure.status === 403 ? '403 Forbidden' : '401 Unauthorized';
  const refused = sendsAuthorization(failure.headers)
    ? `${failure.url} refused the Authorization header configured for it (${status})`
    : `${failure.url} needs authentication (${status})`;
  const servers = await oauthServers(failure);
  const oauth =
    servers.length > 0
      ? ` It offers an OAuth login (through ${servers.join(', ')}), which Pulse does not support yet.`
      : '';
  const said = detail.replace(/\s+/g, ' ').trim();
  const shown = said.length > 200 ? `${said.slice(0, 200)}…` : said;
  return `${refused}.${oauth} ${TOKEN_HINT}${shown ? ` (server said: ${shown})` : ''}`;
}
