// Shared set-up for the provider tests: the real provider SDK clients, built by Pulse's client
// factory from the environment, against a local provider mock. Each test gets a temp HOME and
// an environment with every provider variable cleared, and the AWS and Google credential
// libraries are told not to look for cloud metadata servers, so nothing leaves 127.0.0.1.
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createCallModel } from '../../../../src/api/callModel.js';
import { getClient, setClientOptions, setProviderSettings, type ProviderSettings } from '../../../../src/api/client.js';
import { startMockProvider, type MockProvider, type MockProviderOptions } from '../../../support/mockProviders.js';
import { setEnv } from '../callModelHarness.js';

/** Every variable a provider, its SDK or its credential library reads. */
const PROVIDER_VARIABLES = [
  'CLAUDE_CODE_USE_BEDROCK', 'CLAUDE_CODE_USE_VERTEX', 'CLAUDE_CODE_USE_FOUNDRY',
  'CLAUDE_CODE_SKIP_BEDROCK_AUTH', 'CLAUDE_CODE_SKIP_VERTEX_AUTH', 'CLAUDE_CODE_SKIP_FOUNDRY_AUTH',
  'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_MODEL',
  'ANTHROPIC_BEDROCK_BASE_URL', 'AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_PROFILE', 'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK', 'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_CONFIG_FILE', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_ROLE_ARN', 'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'ANTHROPIC_VERTEX_PROJECT_ID', 'ANTHROPIC_VERTEX_BASE_URL', 'CLOUD_ML_REGION', 'GOOGLE_CLOUD_PROJECT',
  'GCLOUD_PROJECT', 'GOOGLE_APPLICATION_CREDENTIALS', 'CLOUDSDK_CONFIG',
  'ANTHROPIC_FOUNDRY_RESOURCE', 'ANTHROPIC_FOUNDRY_BASE_URL', 'ANTHROPIC_FOUNDRY_API_KEY',
  'AZURE_CLIENT_ID', 'AZURE_TENANT_ID', 'AZURE_CLIENT_SECRET', 'AZURE_FEDERATED_TOKEN_FILE',
];

/** Cloud metadata lookups off: no request to 169.254.169.254 or metadata.google.internal. */
export const NO_METADATA_SERVERS = {
  AWS_EC2_METADATA_DISABLED: 'true',
  METADATA_SERVER_DETECTION: 'none',
  AZURE_TOKEN_CREDENTIALS: 'AzureCliCredential',
};

export type ProviderWorld = {
  home: string;
  mock: MockProvider;
  callModel: ReturnType<typeof createCallModel>;
};

const cleanups: Array<() => Promise<void>> = [];

/** Every connection a test tried to open to anything but this machine. */
const outsideConnections: string[] = [];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const realConnect = Socket.prototype.connect;

/** Refuses, and remembers, any socket to a host other than this machine (metadata servers included). */
function guardedConnect(this: Socket, ...args: unknown[]): Socket {
  // net.connect() hands over its normalised arguments as one array.
  const [first] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const options = typeof first === 'object' && first !== null ? (first as { host?: string; path?: string }) : undefined;
  const host = options ? options.host : typeof args[1] === 'string' ? args[1] : undefined;
  if (!options?.path && host !== undefined && !LOCAL_HOSTS.has(host)) {
    outsideConnections.push(host);
    process.nextTick(() => this.destroy(new Error(`test network guard: no connections to ${host}`)));
    return this;
  }
  return (realConnect as (...a: unknown[]) => Socket).apply(this, args);
}

beforeAll(() => {
  Socket.prototype.connect = guardedConnect as typeof Socket.prototype.connect;
});

afterAll(() => {
  Socket.prototype.connect = realConnect;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  setClientOptions({});
  expect(outsideConnections.splice(0), 'connections beyond 127.0.0.1').toEqual([]);
});

/**
 * A temp HOME, the provider mock, and the environment `env(home, mockUrl)` returns on top of a
 * cleared one; the client factory builds its client from that environment.
 */
export async function providerWorld(
  options: MockProviderOptions,
  env: (home: string, mockUrl: string) => Record<string, string>,
  settings: Omit<ProviderSettings, 'cwd'> = {},
): Promise<ProviderWorld> {
  const home = await mkdtemp(join(tmpdir(), 'pulse-provider-'));
  const mock = await startMockProvider(options);
  const cleared = Object.fromEntries(PROVIDER_VARIABLES.map((name) => [name, undefined]));
  const restore = setEnv({ ...cleared, ...NO_METADATA_SERVERS, PULSE_RETRY_BASE_DELAY_MS: '1', HOME: home, ...env(home, mock.url) });
  cleanups.push(async () => {
    restore();
    await mock.close();
    await rm(home, { recursive: true, force: true });
  });
  setClientOptions({});
  setProviderSettings({ cwd: home, ...settings });
  return { home, mock, callModel: createCallModel(getClient) };
}
