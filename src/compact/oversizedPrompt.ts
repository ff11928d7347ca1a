// The person's own prompt is never summarised: compaction keeps it word for word. So a prompt too
// large for the model's window (or a conversation of nothing but that prompt, over the limit)
// cannot be helped by compacting, and Pulse stops at once, saying how large the prompt is and
// what the limit is.
import type { Message } from '../types/messages.js';
import { CHARS_PER_TOKEN } from './tokens.js';

export type OversizedPrompt = {
  /** Characters of text the conversation's messages hold. */
  promptChars: number;
  /** The request's size as the API counted it, when it said. */
  requestTokens?: number;
  /** The limit: the API's when it said, else the model's context window. */
  limitTokens: number;
  model: string;
};

function contentChars(message: Message): number {
  if (message.type !== 'user') return 0;
  const { content } = message.message;
  if (typeof content === 'string') return content.length;
  return content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : JSON.stringify(block).length), 0);
}

/** What the person sent, in characters: the only thing in a conversation with nothing to compact. */
export function promptChars(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + contentChars(message), 0);
}

/**
 * Tokens the text certainly takes at the least: four characters a token is what English prose
 * and code come to, so a figure over the window by this count is over it for the API too.
 */
export function leastPromptTokens(messages: readonly Message[]): number {
  return Math.ceil(promptChars(messages) / CHARS_PER_TOKEN);
}

const API_COUNTS = /(\d+)\s*tokens?\s*>\s*(\d+)/i;

/** The request size and limit a prompt-too-long error names ("250000 tokens > 200000 maximum"), if it does. */
export function countsInPromptTooLong(text: string): { requestTokens: number; limitTokens: number } | undefined {
  const match = API_COUNTS.exec(text);
  if (!match) return undefined;
  return { requestTokens: Number(match[1]), limitTokens: Number(match[2]) };
}

function formatMegabytes(chars: number): string {
  const mb = chars / (1024 * 1024);
  return mb >= 0.1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1024))} KB`;
}

export function oversizedPromptText(prompt: OversizedPrompt): string {
  const tokens = Math.ceil(prompt.promptChars / CHARS_PER_TOKEN);
  const request =
    prompt.requestTokens === undefined ? '' : `the request was ${prompt.requestTokens.toLocaleString('en-US')} tokens, and `;
  const head = `Prompt is too long: ${request}${prompt.model} takes at most ${prompt.limitTokens.toLocaleString('en-US')} tokens. `;
  // A small prompt in an over-long request: the rest is what every request carries.
  if (tokens * 2 < prompt.limitTokens) {
    return (
      head +
      `The conversation is only about ${tokens.toLocaleString('en-US')} tokens and has nothing to compact; the rest is the ` +
      'system prompt, tool definitions and memory files. Use fewer MCP servers or tools, or smaller CLAUDE.md files, and try again.'
    );
  }
  return (
    head +
    `The prompt alone is about ${tokens.toLocaleString('en-US')} tokens (${formatMegabytes(prompt.promptChars)} of text), ` +
    'and a summary never stands in for the prompt itself. Shorten the prompt (or pipe in less) and try again.'
  );
}
