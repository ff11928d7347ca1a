// Asks the endpoint whether a key works before Pulse stores it, with the cheapest request there
// is: list one model. Gateways that do not serve /v1/models get a one-token message instead.
import { APIConnectionError, APIError } from '@anthropic-ai/sdk/error';
import { createClient, type ModelClient } from '../api/client.js';
import { DEFAULT_MODEL } from '../api/models.js';

export type KeyCheck =
  | { ok: true; message: string }
  /** `rejected`: the endpoint refused the key itself (401/403), so saving it would not help. */
  | { ok: false; rejected: boolean; message: string };

export type KeyCheckOptions = {
  /** ANTHROPIC_BASE_URL by default. */
  baseURL?: string;
  timeoutMs?: number;
  /** The model the one-token fallback asks. */
  model?: string;
};

const CHECK_TIMEOUT_MS = 15_000;
const DEFAULT_ENDPOINT = 'https://api.anthropic.com';

/** The endpoint a check goes to, for the screen. */
export function checkEndpoint(baseURL: string | undefined = process.env.ANTHROPIC_BASE_URL): string {
  const trimmed = baseURL?.trim();
  return trimmed ? trimmed : DEFAULT_ENDPOINT;
}

/** The innermost reason (`connect ECONNREFUSED …`), not the wrappers' "fetch failed". */
function causeText(error: APIConnectionError): string {
  let text = error.message;
  let cause: unknown = error.cause;
  while (cause instanceof Error) {
    if (cause.message) text = cause.message;
    cause = cause.cause;
  }
  return text;
}

async function oneTokenMessage(client: ModelClient, model: string): Promise<void> {
  await client.messages.create({ model, max_tokens: 1, messages: [{ role: 'user', content: 'ping' }] });
}

function verdict(error: unknown, endpoint: string): KeyCheck {
  if (error instanceof APIConnectionError) {
    return { ok: false, rejected: false, message: `Could not reach ${endpoint}: ${causeText(error)}` };
  }
  if (error instanceof APIError && (error.status === 401 || error.status === 403)) {
    return { ok: false, rejected: true, message: `The endpoint rejected this key (${error.status})` };
  }
  if (error instanceof APIError) {
    return { ok: false, rejected: false, message: `The endpoint answered ${error.status ?? 'with an error'}; the key could not be checked` };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { ok: false, rejected: false, message: `Could not check the key: ${reason}` };
}

export async function checkApiKey(apiKey: string, options: KeyCheckOptions = {}): Promise<KeyCheck> {
  const endpoint = checkEndpoint(options.baseURL);
  const client = createClient({ apiKey, baseURL: endpoint, timeoutMs: options.timeoutMs ?? CHECK_TIMEOUT_MS });
  try {
    try {
      await client.models.list({ limit: 1 });
    } catch (error) {
      if (!(error instanceof APIError) || error.status !== 404) throw error;
      await oneTokenMessage(client, options.model ?? DEFAULT_MODEL);
    }
    return { ok: true, message: 'Key works' };
  } catch (error) {
    return verdict(error, endpoint);
  }
}
