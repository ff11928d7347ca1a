// What a session "is about" in a picker: the first thing the person typed.
export const PROMPT_SUMMARY_CHARS = 80;

/** A user message or a user transcript record straight from disk. */
type UserLike = {
  message: { content: string | ReadonlyArray<{ type: string }> };
  isMeta?: boolean | undefined;
  isSynthetic?: boolean | undefined;
};

function textOf(block: { type: string }): string[] {
  if (block.type !== 'text' || !('text' in block) || typeof block.text !== 'string') return [];
  return [block.text];
}

/** The typed text of a user message, or undefined for tool results, nudges and synthetic ones. */
export function typedPromptText(message: UserLike): string | undefined {
  if (message.isMeta === true || message.isSynthetic === true) return undefined;
  const { content } = message.message;
  if (typeof content === 'string') return content.trim() === '' ? undefined : content;
  if (content.some((block) => block.type === 'tool_result')) return undefined;
  const text = content.flatMap(textOf).join('\n');
  return text.trim() === '' ? undefined : text;
}

/** One line, at most PROMPT_SUMMARY_CHARS characters, ending in an ellipsis when cut. */
export function summarizePrompt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= PROMPT_SUMMARY_CHARS) return oneLine;
  return `${oneLine.slice(0, PROMPT_SUMMARY_CHARS - 1).trimEnd()}…`;
}
