// Read's size limits, shared by the tool and its prompt.

/** Lines shown when the model gives no limit. */
export const DEFAULT_LINE_LIMIT = 2000;
/** Files larger than this must be read in parts. */
export const MAX_FULL_READ_BYTES = 256 * 1024;
/** Output larger than this (at ~4 characters a token) is refused in favour of a narrower read. */
export const MAX_OUTPUT_TOKENS = 25_000;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
