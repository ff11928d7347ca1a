// What every provider's SDK client is built with. Pulse runs its own retry policy, so the SDK's
// retries are off; the SDK's timeout is only a backstop behind the stream idle watchdog.
import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import packageJson from '../../../package.json' with { type: 'json' };
import { nodeFetch } from '../nodeFetch.js';
import { envSetting } from '../../utils/compatEnv.js';

export const PULSE_USER_AGENT = `pulse/${packageJson.version}`;

const DEFAULT_TIMEOUT_MS = 600_000;

/** Per-request deadline in ms: `PULSE_API_TIMEOUT_MS` (or Claude Code's `API_TIMEOUT_MS`), or 10 minutes. */
export function timeoutFromEnv(): number {
  const parsed = Number.parseInt(envSetting('PULSE_API_TIMEOUT_MS') ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_TIMEOUT_MS;
}

/**
 * `ANTHROPIC_CUSTOM_HEADERS`: `Name: Value` lines (a gateway's own headers), as Claude Code reads
 * them; a line without a name and a colon is skipped.
 */
export function customHeadersFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of (env.ANTHROPIC_CUSTOM_HEADERS ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue;
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function sdkOptions(timeoutMs: number = timeoutFromEnv()) {
  return {
    maxRetries: 0,
    timeout: timeoutMs,
    // The SDK logs to stdout by default, which would corrupt print mode and the REPL.
    logLevel: 'off' as const,
    defaultHeaders: { 'user-agent': PULSE_USER_AGENT, ...customHeadersFromEnv() },
    // Its responses carry the parts of fetch's Response that the SDK reads (see nodeFetch.ts).
    fetch: nodeFetch as unknown as typeof fetch,
  };
}

type Create = Messages['create'];

/**
 * Bedrock and Vertex take the API version in the body, in their own dating
 * (`bedrock-2023-05-31`, `vertex-2023-10-16`), not the first-party header's.
 */
export function withBodyVersion(create: (...args: Parameters<Create>) => ReturnType<Create>, version: string): Pick<Messages, 'create'> {
  const versioned = (body: Parameters<Create>[0], options?: Parameters<Create>[1]) =>
    create({ ...body, anthropic_version: version } as Parameters<Create>[0], options);
  return { create: versioned as Create };
}
