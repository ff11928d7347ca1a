// Input plus max_tokens must fit in the model's window: the API refuses a request whose sum is
// over it, with a 400 that names the three numbers. The loop fits max_tokens before it sends;
// callModel fits it again from the API's own numbers when the estimate fell short.

/** Less output room than this is not worth a request: the conversation has to shrink instead. */
export const MIN_OUTPUT_TOKENS = 3_000;
/** Kept free beside input and output, for the estimate's own error. */
export const WINDOW_SAFETY_MARGIN = 1_000;

export type ContextOverflow = { inputTokens: number; maxTokens: number; contextLimit: number };

const OVERFLOW = /input length and `?max_tokens`? exceed context limit:\s*(\d+)\s*\+\s*(\d+)\s*>\s*(\d+)/i;

/**
 * The output limit to ask for so that input plus max_tokens stays inside the window. Never below
 * MIN_OUTPUT_TOKENS: with less room than that the request goes as it is, and the prompt-too-long
 * ladder makes room.
 */
export function fitOutputToWindow(requested: number, inputTokens: number, contextWindow: number): number {
  const room = contextWindow - inputTokens - WINDOW_SAFETY_MARGIN;
  if (room >= requested) return requested;
  return Math.min(requested, Math.max(MIN_OUTPUT_TOKENS, room));
}

export function parseContextOverflow(message: string): ContextOverflow | undefined {
  const match = OVERFLOW.exec(message);
  if (!match) return undefined;
  const [inputTokens, maxTokens, contextLimit] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return { inputTokens, maxTokens, contextLimit };
}

/** The max_tokens that fits beside the input the API counted, or undefined when not even the minimum does. */
export function outputThatFits(overflow: ContextOverflow): number | undefined {
  if (overflow.contextLimit - overflow.inputTokens - WINDOW_SAFETY_MARGIN < MIN_OUTPUT_TOKENS) return undefined;
  return fitOutputToWindow(overflow.maxTokens, overflow.inputTokens, overflow.contextLimit);
}
