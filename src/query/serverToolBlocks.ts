// The API's own tools (web search, web fetch, code execution) come back as pairs inside one
// assistant turn: a `server_tool_use` block and a result block naming its id. A pair the response
// never finished (the stream was cut, the turn was interrupted, or a paused turn was not carried
// on) makes the API refuse every later request, so an unpaired block is dropped with its
// partner missing. The one exception is the last message of a request that continues a paused
// turn: there the API finishes the pair itself, so the message goes back exactly as it came.
import type { MessageParam } from '../api/types.js';
import type { ContentBlockParam } from '../types/messages.js';
import { EMPTY_TURN_TEXT } from './thinking.js';

type LooseBlock = { type: string; id?: unknown; tool_use_id?: unknown };

const SERVER_USE_TYPES = new Set(['server_tool_use', 'mcp_tool_use']);

function serverUseId(block: LooseBlock): string | undefined {
  return SERVER_USE_TYPES.has(block.type) && typeof block.id === 'string' ? block.id : undefined;
}

/** Result blocks of server tools name the use they answer; the client's own `tool_result` is not one. */
function serverResultId(block: LooseBlock): string | undefined {
  return block.type !== 'tool_result' && typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined;
}

const isServerBlock = (block: LooseBlock): boolean => serverUseId(block) !== undefined || serverResultId(block) !== undefined;

function pairedOnly(content: ContentBlockParam[]): ContentBlockParam[] {
  const blocks = content as LooseBlock[];
  // Most turns hold no server tool block at all, and a long session has a thousand of them.
  if (!blocks.some(isServerBlock)) return content;
  const uses = new Set(blocks.map(serverUseId).filter((id) => id !== undefined));
  const results = new Set(blocks.map(serverResultId).filter((id) => id !== undefined));
  return content.filter((block) => {
    const useId = serverUseId(block as LooseBlock);
    if (useId !== undefined) return results.has(useId);
    const resultId = serverResultId(block as LooseBlock);
    return resultId === undefined || uses.has(resultId);
  });
}

/**
 * A turn without the server tool blocks whose partner is missing. The last message of a request
 * that continues a paused turn is the exception (see above): the caller leaves it as it came.
 */
export function withPairsOnly(message: MessageParam): MessageParam {
  if (message.role !== 'assistant' || typeof message.content === 'string') return message;
  const content = pairedOnly(message.content);
  if (content.length === message.content.length) return message;
  return { ...message, content: content.length > 0 ? content : [{ type: 'text', text: EMPTY_TURN_TEXT }] };
}
