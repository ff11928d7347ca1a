// Which credential Pulse uses, in one order for every face (REPL, print, SDK): the environment
// (ANTHROPIC_API_KEY, then ANTHROPIC_AUTH_TOKEN) always wins, then the `apiKeyHelper` from
// settings, then what /login stored. The chosen key goes to the API client; the lookup's inputs
// are remembered so /login and /logout can apply a change to the running session.
import { setClientOptions, type KeySource } from '../api/client.js';
import { MissingApiKeyError } from '../api/errors.js';
import { renewKeyHelper, runKeyHelper } from './keyHelper.js';
import { readStoredCredentials } from './store.js';

/**
 * The names the reference reports as `apiKeySource` (a stored key is its "/login managed key";
 * `none` when a cloud provider signs requests with its own credentials).
 */
export type ApiKeySource = 'ANTHROPIC_API_KEY' | 'ANTHROPIC_AUTH_TOKEN' | 'apiKeyHelper' | '/login managed key' | 'none';

export type CredentialInputs = {
  /** `apiKeyHelper` from the settings files. */
  settingsHelper?: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Where the stored credential lives; the Pulse config dir by default. */
  configDir?: string;
};

let lastInputs: CredentialInputs | undefined;

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

export function environmentKeySource(env: NodeJS.ProcessEnv = process.env): ApiKeySource | undefined {
  if (present(env.ANTHROPIC_API_KEY)) return 'ANTHROPIC_API_KEY';
  if (present(env.ANTHROPIC_AUTH_TOKEN)) return 'ANTHROPIC_AUTH_TOKEN';
  return undefined;
}

/**
 * A helper's key for the client: the cached one while it is fresh, a new one after a 401. It
 * runs once here, so a broken helper is one clear line at start-up.
 */
async function useKeyHelper(command: string, cwd: string): Promise<void> {
  await runKeyHelper(command, cwd);
  const keySource: KeySource = { current: () => runKeyHelper(command, cwd), renew: () => renewKeyHelper(command, cwd) };
  setClientOptions({ keySource });
}

/** Finds the credential and hands it to the client. Throws MissingApiKeyError when there is none. */
export async function resolveApiKey(inputs: CredentialInputs): Promise<ApiKeySource> {
  lastInputs = inputs;
  const fromEnv = environmentKeySource(inputs.env ?? process.env);
  if (fromEnv) {
    // The client reads the environment itself; an earlier stored key must not shadow it.
    setClientOptions({});
    return fromEnv;
  }
  if (present(inputs.settingsHelper)) {
    await useKeyHelper(inputs.settingsHelper, inputs.cwd);
    return 'apiKeyHelper';
  }
  const stored = await readStoredCredentials(inputs.configDir);
  if (stored && 'apiKey' in stored) {
    setClientOptions({ apiKey: stored.apiKey });
    return '/login managed key';
  }
  if (stored) {
    await useKeyHelper(stored.apiKeyHelper, inputs.cwd);
    return 'apiKeyHelper';
  }
  setClientOptions({});
  throw new MissingApiKeyError();
}

/**
 * Looks again with the inputs of the last lookup, after /login or /logout changed what is
 * stored. Undefined when nothing is left to authenticate with.
 */
export async function refreshApiKey(fallbackCwd: string = process.cwd()): Promise<ApiKeySource | undefined> {
  try {
    return await resolveApiKey(lastInputs ?? { cwd: fallbackCwd });
  } catch (error) {
    if (error instanceof MissingApiKeyError) return undefined;
    throw error;
  }
}

/** Whether the last lookup had a settings apiKeyHelper, which outranks anything stored. */
export function settingsHelperInUse(): boolean {
  return present(lastInputs?.settingsHelper) && environmentKeySource(lastInputs?.env ?? process.env) === undefined;
}
