// Finds the credential before any model call, so a missing key is one clear line at startup
// rather than a failed request later. The order (environment, settings apiKeyHelper, the key
// /login stored) lives in src/auth/resolve.ts, shared with /login and /logout. A cloud provider
// (Bedrock, Vertex, Foundry) signs with its own credentials, found when the first request goes
// out; only its configuration is checked here.
import { MissingApiKeyError } from '../api/errors.js';
import { providerConfigProblem, setClientOptions, setProviderSettings } from '../api/client.js';
import { selectedProvider } from '../api/providers/selection.js';
import { resolveApiKey, type ApiKeySource } from '../auth/resolve.js';
import type { StartupSettings } from './startupSettings.js';

export type { ApiKeySource };

type CredentialSettings = Pick<StartupSettings, 'apiKeyHelper' | 'awsAuthRefresh' | 'awsCredentialExport'>;

/**
 * Throws MissingApiKeyError when there is no way to authenticate, unless `missingIsNone`: JSON
 * output reports the missing key as the run's result, so the run goes on and fails at the model.
 */
export async function resolveCredentials(
  settings: CredentialSettings,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  missingIsNone = false,
): Promise<ApiKeySource> {
  if (selectedProvider(env) !== 'firstParty') {
    const problem = providerConfigProblem();
    if (problem) throw new Error(problem);
    setClientOptions({});
    setProviderSettings({
      cwd,
      ...(settings.awsAuthRefresh ? { awsAuthRefresh: settings.awsAuthRefresh } : {}),
      ...(settings.awsCredentialExport ? { awsCredentialExport: settings.awsCredentialExport } : {}),
    });
    return 'none';
  }
  const { apiKeyHelper } = settings;
  try {
    return await resolveApiKey({ ...(apiKeyHelper === undefined ? {} : { settingsHelper: apiKeyHelper }), cwd, env });
  } catch (error) {
    if (missingIsNone && error instanceof MissingApiKeyError) return 'none';
    throw error;
  }
}
