// Deadlines and caps for MCP, each overridable from the environment.
import packageJson from '../../package.json' with { type: 'json' };

export const PULSE_CLIENT_INFO = { name: 'pulse', version: packageJson.version };

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** Long enough for real work (a build, a query); short enough that a hung server is noticed. */
const DEFAULT_TOOL_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_MAX_OUTPUT_TOKENS = 25_000;

function positiveNumber(text: string | undefined): number | undefined {
  const parsed = Number.parseInt(text ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

/** `MCP_TIMEOUT`: how long a server may take to start, in ms. */
export function connectTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveNumber(env.MCP_TIMEOUT) ?? DEFAULT_CONNECT_TIMEOUT_MS;
}

/**
 * The longest print mode holds its first request for servers still connecting (the reference
 * waits about 7 s). A server that is slower keeps connecting, and its tools join the next
 * request, with a note for the model (mcp/toolArrivals.ts).
 */
const STARTUP_WAIT_MS = 5_000;

export function startupWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  return Math.min(STARTUP_WAIT_MS, connectTimeoutMs(env));
}

/** `MCP_TOOL_TIMEOUT`: how long one tool call may take, in ms. */
export function toolTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveNumber(env.MCP_TOOL_TIMEOUT) ?? DEFAULT_TOOL_TIMEOUT_MS;
}

/** `MAX_MCP_OUTPUT_TOKENS`: the most a tool or resource result may put into the context. */
export function maxOutputTokens(env: NodeJS.ProcessEnv = process.env): number {
  return positiveNumber(env.MAX_MCP_OUTPUT_TOKENS) ?? DEFAULT_MAX_OUTPUT_TOKENS;
}

/** Reconnect attempts for HTTP and SSE servers, and the first delay (doubling each time). */
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 1_000;
