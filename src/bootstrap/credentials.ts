// Finds the credential before any model call, so a missing key is one clear line at startup
// rather than a failed request later. The order (environment, settings apiKeyHelper, the key
// /login stored) lives in src/auth/resolve.ts, shared with /login and /logout.
import { resolveApiKey, type ApiKeySource } from '../auth/resolve.js';

export type { ApiKeySource };

/** Throws MissingApiKeyError when there is no way to authenticate. */
export async function resolveCredentials(
  apiKeyHelper: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ApiKeySource> {
  return resolveApiKey({ ...(apiKeyHelper === undefined ? {} : { settingsHelper: apiKeyHelper }), cwd, env });
}
