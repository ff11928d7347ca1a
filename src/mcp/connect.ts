// Opens one MCP connection over stdio, streamable HTTP or SSE, with a deadline, and lists what
// the server offers. Everything else about a server's life (status, reconnects) is the
// manager's job.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Prompt, Resource, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { describeAuthRequired } from './authHelp.js';
import { PULSE_CLIENT_INFO } from './limits.js';
import type { McpServerConfig } from './config.js';
import type { StderrTail } from './stderrTail.js';
import { beforeNodeFetch } from '../utils/beforeNodeFetch.js';
import { guardProcess, releaseProcess } from '../utils/processGuard.js';

export type McpConnection = {
  client: Client;
  tools: McpToolDefinition[];
  resources: Resource[];
  prompts: Prompt[];
  instructions?: string;
};

/** OAuth discovery after a 401 is a courtesy for the message; it must not hold up start-up. */
const AUTH_DISCOVERY_TIMEOUT_MS = 5_000;

export class McpConnectError extends Error {
  constructor(
    message: string,
    readonly needsAuth = false,
  ) {
    super(message);
    this.name = 'McpConnectError';
  }
}

/**
 * The SDK's client and transports load with the first connection: they take longer to load
 * than the rest of Pulse's start-up, and most sessions have no MCP server.
 */
async function loadSdk() {
  const [client, sse, stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return {
    Client: client.Client,
    SSEClientTransport: sse.SSEClientTransport,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
  };
}

type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** The last answer that refused the client (401/403), to explain a needs-auth failure. */
type Refusal = { status?: number; challenge?: string };

function createTransport(sdk: Sdk, config: McpServerConfig, cwd: string, stderr: StderrTail, refusal: Refusal): Transport {
  if (config.type === 'stdio') {
    const transport = new sdk.StdioClientTransport({
      command: config.command,
      args: config.args,
      // The whole environment, as a shell would give it, plus the entry's own variables.
      env: { ...definedEnv(process.env), ...config.env },
      cwd,
      stderr: 'pipe',
    });
    stderr.attach(transport.stderr);
    return transport;
  }
  const requestInit: RequestInit = { headers: config.headers };
  const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    await beforeNodeFetch();
    const response = await fetch(url, init);
    if (response.status === 401 || response.status === 403) {
      refusal.status = response.status;
      const challenge = response.headers.get('www-authenticate');
      if (challenge) refusal.challenge = challenge;
    }
    return response;
  };
  if (config.type === 'http') {
    return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit, fetch: recordingFetch });
  }
  return new sdk.SSEClientTransport(new URL(config.url), {
    requestInit,
    fetch: recordingFetch,
    eventSourceInit: {
      fetch: (url, init) => recordingFetch(url, { ...init, headers: { ...config.headers, ...headersOf(init?.headers) } }),
    },
  });
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  return headers ? Object.fromEntries(new Headers(headers).entries()) : {};
}

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

export function isAuthFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'UnauthorizedError') return true;
  if ('code' in error && (error.code === 401 || error.code === 403)) return true;
  return /\b401\b|unauthori[sz]ed/i.test(error.message);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function listAll<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  // A misbehaving server could hand out cursors forever; 100 pages is far beyond any real list.
  for (let page = 0; page < 100; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return items;
}

async function listOffer(client: Client, timeoutMs: number): Promise<Omit<McpConnection, 'client'>> {
  const capabilities = client.getServerCapabilities() ?? {};
  const options = { timeout: timeoutMs };
  const [tools, resources, prompts] = await Promise.all([
    capabilities.tools
      ? listAll(async (cursor) => {
          const r = await client.listTools(cursor ? { cursor } : {}, options);
          return { items: r.tools, ...(r.nextCursor ? { nextCursor: r.nextCursor } : {}) };
        })
      : [],
    capabilities.resources
      ? listAll(async (cursor) => {
          const r = await client.listResources(cursor ? { cursor } : {}, options);
          return { items: r.resources, ...(r.nextCursor ? { nextCursor: r.nextCursor } : {}) };
        }).catch(() => [])
      : [],
    capabilities.prompts
      ? listAll(async (cursor) => {
          const r = await client.listPrompts(cursor ? { cursor } : {}, options);
          return { items: r.prompts, ...(r.nextCursor ? { nextCursor: r.nextCursor } : {}) };
        }).catch(() => [])
      : [],
  ]);
  const instructions = client.getInstructions();
  return { tools, resources, prompts, ...(instructions ? { instructions } : {}) };
}

export type ConnectOptions = {
  cwd: string;
  timeoutMs: number;
  stderr: StderrTail;
  /** Called once when an established connection closes (the process exited, the stream ended). */
  onClose: () => void;
};

/** Connects and lists tools, resources and prompts, all within `timeoutMs`. */
export async function connectServer(config: McpServerConfig, options: ConnectOptions): Promise<McpConnection> {
  const sdk = await loadSdk();
  const refusal: Refusal = {};
  const transport = createTransport(sdk, config, options.cwd, options.stderr, refusal);
  const client = new sdk.Client(PULSE_CLIENT_INFO, { capabilities: {} });
  let established = false;
  client.onclose = () => {
    if (established) options.onClose();
  };
  // Errors also arrive as rejected requests or a close; this only keeps them off the console.
  client.onerror = () => undefined;

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new McpConnectError(`did not connect within ${Math.round(options.timeoutMs / 1000)} s (MCP_TIMEOUT)`)),
      options.timeoutMs,
    );
  });
  try {
    const connecting = client.connect(transport, { timeout: options.timeoutMs });
    guardServerProcess(transport, client);
    const connection = await Promise.race([
      (async () => {
        await connecting;
        return { client, ...(await listOffer(client, options.timeoutMs)) };
      })(),
      deadline,
    ]);
    established = true;
    return connection;
  } catch (error) {
    await client.close().catch(() => undefined);
    if (error instanceof McpConnectError) throw error;
    if (config.type !== 'stdio' && (refusal.status !== undefined || isAuthFailure(error))) {
      const failure = { url: config.url, headers: config.headers, ...refusal, timeoutMs: Math.min(options.timeoutMs, AUTH_DISCOVERY_TIMEOUT_MS) };
      throw new McpConnectError(await describeAuthRequired(failure, errorMessage(error)), true);
    }
    throw new McpConnectError(describeConnectFailure(config, error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A stdio server is spawned the moment connect() starts; from then until it closes it is listed
 * with the process guard, so even one that never answers `initialize` ends with Pulse.
 */
function guardServerProcess(transport: Transport, client: Client): void {
  const pid = 'pid' in transport && typeof transport.pid === 'number' ? transport.pid : undefined;
  if (pid === undefined) return;
  guardProcess(pid);
  const onclose = client.onclose;
  client.onclose = () => {
    releaseProcess(pid);
    onclose?.();
  };
}

function describeConnectFailure(config: McpServerConfig, error: unknown): string {
  const message = errorMessage(error);
  if (config.type !== 'stdio') return `could not connect to ${config.url}: ${message}`;
  if (/ENOENT/.test(message)) return `could not start "${config.command}": command not found`;
  if (/closed/i.test(message)) return `the server process exited before it finished starting (${message})`;
  return `could not start "${config.command}": ${message}`;
}
