// Builds the Anthropic client from the environment and settings. Pulse runs its own retry
// policy, so the SDK's retries are off; the SDK's timeout is only a backstop behind the
// stream idle watchdog.
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import packageJson from '../../package.json' with { type: 'json' };
import { MissingApiKeyError } from './errors.js';
import { nodeFetch } from './nodeFetch.js';

export type ClientOptions = {
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
  /** Per-request deadline in ms; `PULSE_API_TIMEOUT_MS` or 10 minutes by default. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * The SDK's client with only the resources Pulse calls. The SDK's default export builds every
 * API resource tree (beta, files, skills, organisations …) when constructed, and bundling it
 * pulls all of their modules into start-up.
 */
export class ModelClient extends BaseAnthropic {
  messages = new Messages(this);
  models = new Models(this);
}

export const PULSE_USER_AGENT = `pulse/${packageJson.version}`;

let overrides: ClientOptions = {};
let cached: ModelClient | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function timeoutFromEnv(): number {
  const parsed = Number.parseInt(process.env.PULSE_API_TIMEOUT_MS ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_TIMEOUT_MS;
}

type ResolvedOptions = { apiKey?: string; authToken?: string; baseURL?: string; timeoutMs: number };

/** Explicit options win over settings overrides, which win over the environment. */
function resolveOptions(opts: ClientOptions): ResolvedOptions {
  const merged: ClientOptions = { ...overrides, ...opts };
  const resolved: ResolvedOptions = { timeoutMs: merged.timeoutMs ?? timeoutFromEnv() };
  const apiKey = nonEmpty(merged.apiKey) ?? nonEmpty(process.env.ANTHROPIC_API_KEY);
  const authToken = nonEmpty(merged.authToken) ?? nonEmpty(process.env.ANTHROPIC_AUTH_TOKEN);
  const baseURL = nonEmpty(merged.baseURL) ?? nonEmpty(process.env.ANTHROPIC_BASE_URL);
  if (apiKey) resolved.apiKey = apiKey;
  if (authToken) resolved.authToken = authToken;
  if (baseURL) resolved.baseURL = baseURL;
  return resolved;
}

/**
 * A fresh client. Throws MissingApiKeyError when there is neither a key nor a token: without
 * one the SDK would go looking for credential profiles on disk, which Pulse does not use.
 */
export function createClient(opts: ClientOptions = {}): ModelClient {
  const resolved = resolveOptions(opts);
  if (!resolved.apiKey && !resolved.authToken) throw new MissingApiKeyError();
  // The SDK accepts exactly one credential; a key beats a token.
  const credential = resolved.apiKey ? { apiKey: resolved.apiKey } : { authToken: resolved.authToken ?? null };
  return new ModelClient({
    ...credential,
    baseURL: resolved.baseURL ?? null,
    maxRetries: 0,
    timeout: resolved.timeoutMs,
    // The SDK logs to stdout by default, which would corrupt print mode and the REPL.
    logLevel: 'off',
    defaultHeaders: { 'user-agent': PULSE_USER_AGENT },
    // Its responses carry the parts of fetch's Response that the SDK reads (see nodeFetch.ts).
    fetch: nodeFetch as unknown as typeof fetch,
  });
}

/** The process-wide client, built on first use. */
export function getClient(): ModelClient {
  cached ??= createClient();
  return cached;
}

/** Bootstrap passes settings-derived options here; the next `getClient()` rebuilds. */
export function setClientOptions(opts: ClientOptions): void {
  overrides = { ...opts };
  cached = undefined;
}

export function hasCredentials(): boolean {
  const resolved = resolveOptions({});
  return Boolean(resolved.apiKey || resolved.authToken);
}

/** host:port of the API endpoint, for error texts that point people at their gateway. */
export function endpointHost(client: Pick<ModelClient, 'baseURL'>): string | undefined {
  try {
    return new URL(client.baseURL).host;
  } catch {
    return undefined;
  }
}
