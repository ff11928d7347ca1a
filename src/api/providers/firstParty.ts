// The Anthropic API itself: a key (x-api-key) or a token (Bearer) from the environment, the
// settings' apiKeyHelper or what /login stored, and ANTHROPIC_BASE_URL for gateways.
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import { MissingApiKeyError } from '../errors.js';
import { sdkOptions } from './common.js';

/**
 * The SDK's client with only the resources Pulse calls. The SDK's default export builds every
 * API resource tree (beta, files, skills, organisations …) when constructed, and bundling it
 * pulls all of their modules into start-up.
 */
export class FirstPartyClient extends BaseAnthropic {
  messages = new Messages(this);
  models = new Models(this);
  /** Set when the key comes from an apiKeyHelper, which a 401 asks for a new one. */
  refreshCredentials?: () => Promise<boolean>;
}

export type FirstPartyCredentials = { apiKey?: string; authToken?: string; baseURL?: string; timeoutMs?: number };

/**
 * Throws MissingApiKeyError when there is neither a key nor a token: without one the SDK would
 * go looking for credential profiles on disk, which Pulse does not use.
 */
export function createFirstPartyClient(credentials: FirstPartyCredentials): FirstPartyClient {
  if (!credentials.apiKey && !credentials.authToken) throw new MissingApiKeyError();
  // The SDK accepts exactly one credential; a key beats a token.
  const credential = credentials.apiKey ? { apiKey: credentials.apiKey } : { authToken: credentials.authToken ?? null };
  return new FirstPartyClient({ ...sdkOptions(credentials.timeoutMs), ...credential, baseURL: credentials.baseURL ?? null });
}
