// /login and /logout. /login opens the key screen (the REPL supplies it) and then applies the
// stored key to the running session; /logout removes what was stored. Both say which credential
// is in force afterwards, since the environment and a settings apiKeyHelper outrank the store.
import { PROVIDER_LABELS, selectedProvider } from '../api/providers/selection.js';
import { loginOutcomeText } from '../auth/loginActions.js';
import { refreshApiKey, settingsHelperInUse, type ApiKeySource } from '../auth/resolve.js';
import { credentialsPath, removeStoredCredentials } from '../auth/store.js';
import type { LocalCommand } from './types.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the session authenticates with now, in words; never the key itself. */
function inForce(source: ApiKeySource | undefined, afterLogin: boolean): string {
  if (source === 'ANTHROPIC_API_KEY' || source === 'ANTHROPIC_AUTH_TOKEN') {
    return afterLogin
      ? `${source} is set in the environment and wins over the stored key; unset it to use the stored one.`
      : `${source} is set in the environment and still applies.`;
  }
  if (settingsHelperInUse()) {
    return afterLogin
      ? 'The apiKeyHelper in your settings comes first; remove it there to use the stored key.'
      : 'The apiKeyHelper in your settings still applies.';
  }
  if (source) return 'Pulse uses it from the next request on.';
  return 'Pulse has no key now; requests fail until you run /login or set ANTHROPIC_API_KEY.';
}

/** On a cloud provider the provider's own credentials sign the requests; there is no key to store. */
function cloudProviderNote(command: string): string | undefined {
  const provider = selectedProvider();
  if (provider === 'firstParty') return undefined;
  return `Pulse is using ${PROVIDER_LABELS[provider]}, which signs requests with its own credentials; ${command} does not apply (unset CLAUDE_CODE_USE_* to use an Anthropic API key).`;
}

async function lookAgain(): Promise<ApiKeySource | undefined> {
  try {
    return await refreshApiKey();
  } catch (error) {
    throw new Error(`the credential lookup failed: ${errorText(error)}`);
  }
}

export const loginCommand: LocalCommand = {
  name: 'login',
  description: 'Store an API key or apiKeyHelper command for Pulse (checked against the endpoint first)',
  async run(ctx) {
    const note = cloudProviderNote('/login');
    if (note) {
      ctx.print(note);
      return;
    }
    if (!ctx.login) {
      ctx.print('/login needs the interactive REPL: run `pulse` and type /login there, or set ANTHROPIC_API_KEY.');
      return;
    }
    const outcome = await ctx.login();
    if (!outcome) {
      ctx.print('Login cancelled; nothing changed.');
      return;
    }
    ctx.print(`${loginOutcomeText(outcome)}\n${inForce(await lookAgain(), true)}`);
  },
};

export const logoutCommand: LocalCommand = {
  name: 'logout',
  description: 'Remove the API key Pulse stored',
  async run(ctx) {
    const note = cloudProviderNote('/logout');
    if (note) {
      ctx.print(note);
      return;
    }
    const removed = await removeStoredCredentials();
    const first = removed ? `Removed the stored key (${credentialsPath()}).` : 'No stored key to remove.';
    ctx.print(`${first}\n${inForce(await lookAgain(), false)}`);
  },
};
