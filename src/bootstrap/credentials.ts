// Finds the credential before any model call, so a missing key is one clear line at startup
// rather than a failed request later. `apiKeyHelper` (a settings command that prints a key)
// is run once here.
import { execa } from 'execa';
import { setClientOptions } from '../api/client.js';
import { MissingApiKeyError } from '../api/errors.js';

export type ApiKeySource = 'ANTHROPIC_API_KEY' | 'ANTHROPIC_AUTH_TOKEN' | 'apiKeyHelper';

const HELPER_TIMEOUT_MS = 10_000;

function present(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

async function runKeyHelper(command: string, cwd: string): Promise<string> {
  const result = await execa(command, { shell: true, cwd, timeout: HELPER_TIMEOUT_MS, reject: false, stdin: 'ignore' });
  const key = result.stdout.trim();
  if (result.exitCode !== 0 || key === '') {
    throw new Error(`apiKeyHelper "${command}" did not print a key (exit ${result.exitCode ?? 'timeout'})`);
  }
  return key;
}

/** Throws MissingApiKeyError when there is no way to authenticate. */
export async function resolveCredentials(
  apiKeyHelper: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ApiKeySource> {
  if (present(env.ANTHROPIC_API_KEY)) return 'ANTHROPIC_API_KEY';
  if (present(env.ANTHROPIC_AUTH_TOKEN)) return 'ANTHROPIC_AUTH_TOKEN';
  if (!apiKeyHelper || apiKeyHelper.trim() === '') throw new MissingApiKeyError();
  setClientOptions({ apiKey: await runKeyHelper(apiKeyHelper, cwd) });
  return 'apiKeyHelper';
}
