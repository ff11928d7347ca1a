// The one client factory: the model client for the provider the environment selects (the
// Anthropic API, Amazon Bedrock, Google Vertex AI or Microsoft Foundry, one file each under
// providers/), built from the environment and settings. Callers only see a ModelClient, so
// nothing above the model layer knows which provider answers.
import { createBedrockClient, bedrockConfigProblem, bedrockEndpoint } from './providers/bedrock.js';
import type { AwsSettings } from './providers/awsCredentials.js';
import { createFirstPartyClient, type FirstPartyClient } from './providers/firstParty.js';
import { createFoundryClient, foundryConfigProblem, foundryEndpoint } from './providers/foundry.js';
import { PROVIDER_LABELS, selectedProvider, type ProviderName } from './providers/selection.js';
import type { ModelClient } from './providers/types.js';
import { createVertexClient, vertexEndpoint } from './providers/vertex.js';

export type { FirstPartyClient, ModelClient };
export { PULSE_USER_AGENT } from './providers/common.js';

/** A key that can change: an apiKeyHelper's, kept for its time to live and renewed after a 401. */
export type KeySource = {
  current(): Promise<string>;
  renew(): Promise<string>;
};

export type ClientOptions = {
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
  /** Per-request deadline in ms; `PULSE_API_TIMEOUT_MS` or 10 minutes by default. */
  timeoutMs?: number;
  keySource?: KeySource;
};

/** The settings the cloud providers read (the AWS login commands). */
export type ProviderSettings = AwsSettings;

const DEFAULT_BASE_URL = 'https://api.anthropic.com';

let overrides: ClientOptions = {};
let providerSettings: ProviderSettings = { cwd: process.cwd() };
let firstParty: { client: FirstPartyClient; key: string | undefined } | undefined;
let cloud: { name: ProviderName; client: Promise<ModelClient> } | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

type ResolvedOptions = { apiKey?: string; authToken?: string; baseURL?: string; timeoutMs?: number };

/** Explicit options win over settings overrides, which win over the environment. */
function resolveOptions(opts: ClientOptions): ResolvedOptions {
  const merged: ClientOptions = { ...overrides, ...opts };
  const resolved: ResolvedOptions = merged.timeoutMs === undefined ? {} : { timeoutMs: merged.timeoutMs };
  const apiKey = nonEmpty(merged.apiKey) ?? nonEmpty(process.env.ANTHROPIC_API_KEY);
  const authToken = nonEmpty(merged.authToken) ?? nonEmpty(process.env.ANTHROPIC_AUTH_TOKEN);
  const baseURL = nonEmpty(merged.baseURL) ?? nonEmpty(process.env.ANTHROPIC_BASE_URL);
  if (apiKey) resolved.apiKey = apiKey;
  if (authToken) resolved.authToken = authToken;
  if (baseURL) resolved.baseURL = baseURL;
  return resolved;
}

/** A fresh first-party client. Throws MissingApiKeyError when there is neither a key nor a token. */
export function createClient(opts: ClientOptions = {}): FirstPartyClient {
  return createFirstPartyClient(resolveOptions(opts));
}

async function firstPartyClient(): Promise<FirstPartyClient> {
  const { keySource } = overrides;
  const key = keySource ? await keySource.current() : undefined;
  if (firstParty && firstParty.key === key) return firstParty.client;
  const client = createClient(key ? { apiKey: key } : {});
  if (keySource) client.refreshCredentials = async () => (await keySource.renew()) !== key;
  firstParty = { client, key };
  return client;
}

function buildCloudClient(name: Exclude<ProviderName, 'firstParty'>): Promise<ModelClient> {
  switch (name) {
    case 'bedrock':
      return createBedrockClient(providerSettings);
    case 'vertex':
      return createVertexClient();
    case 'foundry':
      return createFoundryClient();
  }
}

/**
 * The session's client for the selected provider, built on first use. A first-party client is
 * rebuilt when its apiKeyHelper hands out a new key.
 */
export function getClient(): Promise<ModelClient> {
  const name = selectedProvider();
  if (name === 'firstParty') return firstPartyClient();
  if (cloud?.name !== name) cloud = { name, client: buildCloudClient(name) };
  return cloud.client;
}

/** Bootstrap passes settings-derived options here; the next `getClient()` rebuilds. */
export function setClientOptions(opts: ClientOptions): void {
  overrides = { ...opts };
  firstParty = undefined;
  cloud = undefined;
}

/** The settings the cloud providers read; the next `getClient()` rebuilds. */
export function setProviderSettings(settings: ProviderSettings): void {
  providerSettings = { ...settings };
  cloud = undefined;
}

export function hasCredentials(): boolean {
  if (selectedProvider() !== 'firstParty') return true;
  const resolved = resolveOptions({});
  return Boolean(resolved.apiKey || resolved.authToken || overrides.keySource);
}

/**
 * A one-line problem with the selected cloud provider's configuration (a region that is not
 * one, a Foundry resource missing), found before any request is made.
 */
export function providerConfigProblem(): string | undefined {
  const name = selectedProvider();
  const problem = name === 'bedrock' ? bedrockConfigProblem() : name === 'foundry' ? foundryConfigProblem() : undefined;
  return problem ? `${PROVIDER_LABELS[name]}: ${problem}` : undefined;
}

/** Where requests go, for /status; builds nothing. */
export function apiEndpoint(): string {
  switch (selectedProvider()) {
    case 'bedrock':
      return bedrockEndpoint();
    case 'vertex':
      return vertexEndpoint();
    case 'foundry':
      return foundryEndpoint();
    case 'firstParty':
      return resolveOptions({}).baseURL ?? DEFAULT_BASE_URL;
  }
}

/** host:port of the API endpoint, for error texts that point people at their gateway. */
export function endpointHost(client: Pick<ModelClient, 'baseURL'>): string | undefined {
  try {
    return new URL(client.baseURL).host;
  } catch {
    return undefined;
  }
}
