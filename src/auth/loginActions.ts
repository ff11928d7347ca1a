// What the key screen (first run and /login) does outside the screen: check a key against the
// endpoint, run a helper command, store the choice. Kept apart so the screen can be tested with
// the real actions against the mock server, or with fakes.
import { checkApiKey, checkEndpoint, type KeyCheck } from './checkKey.js';
import { clearKeyHelperCache, runKeyHelper } from './keyHelper.js';
import { credentialsPath, writeStoredCredentials, type StoredCredentials } from './store.js';

/** What the key screen stored, as far as it may be shown. */
export type LoginOutcome = {
  kind: 'apiKey' | 'apiKeyHelper';
  path: string;
  /** `sk-…abcd`: all of the key that may be shown. */
  masked: string;
  /** False when the person saved it although the endpoint could not confirm it. */
  checked: boolean;
};

export function loginOutcomeText({ kind, path, masked, checked }: LoginOutcome): string {
  const what = kind === 'apiKey' ? 'the key' : 'the command';
  if (!checked) return `Saved ${what} to ${path} without a check (${masked}).`;
  return `Key works (${masked}). Saved ${what} to ${path}.`;
}

export type LoginActions = {
  /** Where checks go, for the screen. */
  endpoint: string;
  /** Where the choice will be stored, for the screen. */
  storePath: string;
  check(apiKey: string): Promise<KeyCheck>;
  runHelper(command: string): Promise<string>;
  /** Stores the choice and returns the file's path. */
  save(credentials: StoredCredentials): Promise<string>;
};

export type LoginActionOptions = {
  /** Where helper commands run. */
  cwd?: string;
  /** The Pulse config dir by default. */
  configDir?: string;
  /** ANTHROPIC_BASE_URL by default. */
  baseURL?: string;
};

export function loginActions({ cwd = process.cwd(), configDir, baseURL }: LoginActionOptions = {}): LoginActions {
  const endpoint = checkEndpoint(baseURL);
  return {
    endpoint,
    storePath: credentialsPath(configDir),
    check: (apiKey) => checkApiKey(apiKey, { baseURL: endpoint }),
    runHelper: (command) => {
      // A command typed here is meant to run now, even if an earlier run was kept.
      clearKeyHelperCache();
      return runKeyHelper(command, cwd);
    },
    save: (credentials) => writeStoredCredentials(credentials, configDir),
  };
}
