// How a failed MCP request is told apart: a timeout, a lost connection, an interruption. The
// SDK's error types load with the first connection (see connect.ts), so before that none exist.
import { errorMessage } from './connect.js';

export class McpToolCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolCallError';
  }
}

let sdkTypes: typeof import('@modelcontextprotocol/sdk/types.js') | undefined;

export async function loadSdkErrorTypes(): Promise<void> {
  sdkTypes ??= await import('@modelcontextprotocol/sdk/types.js');
}

export function isMcpError(error: unknown, code: 'ConnectionClosed' | 'RequestTimeout'): boolean {
  return sdkTypes !== undefined && error instanceof sdkTypes.McpError && error.code === sdkTypes.ErrorCode[code];
}

export function isConnectionLost(error: unknown): boolean {
  if (sdkTypes && error instanceof sdkTypes.McpError) return isMcpError(error, 'ConnectionClosed');
  return error instanceof TypeError || /ECONNREFUSED|ECONNRESET|fetch failed|socket hang up|Not connected/i.test(errorMessage(error));
}

export function abortError(): Error {
  const error = new Error('The tool call was interrupted');
  error.name = 'AbortError';
  return error;
}
