// MCP results -> tool_result content: text stays text, images become image blocks, resource
// links and embedded resources become a line the model can act on. The whole result is capped
// at MAX_MCP_OUTPUT_TOKENS with a note saying so.
import type {
  Base64ImageSource,
  ImageBlockParam,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ContentBlock as McpContentBlock, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

export type McpResultBlock = TextBlockParam | ImageBlockParam;

const IMAGE_TYPES = new Set<string>(['image/png', 'image/jpeg', 'image/gif', 'image/webp'] satisfies Base64ImageSource['media_type'][]);

/** Images count as a fixed amount, as the context estimate does. */
const IMAGE_TOKENS = 2_000;
const CHARS_PER_TOKEN = 4;

function text(value: string): TextBlockParam {
  return { type: 'text', text: value };
}

function image(data: string, mimeType: string): McpResultBlock {
  if (!IMAGE_TYPES.has(mimeType)) return text(`[image of type ${mimeType} left out: the model cannot read it]`);
  return { type: 'image', source: { type: 'base64', media_type: mimeType as Base64ImageSource['media_type'], data } };
}

function resourceLine(uri: string, name?: string, mimeType?: string, description?: string): string {
  const label = name ? `${name}: ` : '';
  const type = mimeType ? ` (${mimeType})` : '';
  const about = description ? ` - ${description}` : '';
  return `[Resource link] ${label}${uri}${type}${about}`;
}

export function mapMcpContent(block: McpContentBlock): McpResultBlock {
  switch (block.type) {
    case 'text':
      return text(block.text);
    case 'image':
      return image(block.data, block.mimeType);
    case 'audio':
      return text(`[audio of type ${block.mimeType} left out: the model cannot listen to it]`);
    case 'resource_link':
      return text(resourceLine(block.uri, block.name, block.mimeType, block.description));
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource && typeof resource.text === 'string') return text(`[Resource ${resource.uri}]\n${resource.text}`);
      if ('blob' in resource && resource.mimeType && IMAGE_TYPES.has(resource.mimeType)) return image(resource.blob, resource.mimeType);
      return text(resourceLine(resource.uri, undefined, resource.mimeType));
    }
  }
}

/** One item of a resource read: text as it is, an image as an image, other data as a line. */
export function mapResourceContents(contents: ReadResourceResult['contents'][number]): McpResultBlock {
  if ('text' in contents && typeof contents.text === 'string') return text(contents.text);
  if ('blob' in contents && typeof contents.blob === 'string' && contents.mimeType && IMAGE_TYPES.has(contents.mimeType)) {
    return image(contents.blob, contents.mimeType);
  }
  return text(`[binary contents of ${contents.uri}${contents.mimeType ? ` (${contents.mimeType})` : ''} left out]`);
}

export function estimateBlockTokens(block: McpResultBlock): number {
  return block.type === 'image' ? IMAGE_TOKENS : Math.ceil(block.text.length / CHARS_PER_TOKEN);
}

export function truncationNote(totalTokens: number, limit: number): string {
  return (
    `[Output cut: this result was about ${totalTokens.toLocaleString('en-US')} tokens, over the limit of ` +
    `${limit.toLocaleString('en-US')} (MAX_MCP_OUTPUT_TOKENS). Ask for less - a narrower query, a page, a filter - to see the rest.]`
  );
}

/** Keeps blocks in order until the token budget runs out, cutting the last text block to fit. */
export function capResultBlocks(blocks: readonly McpResultBlock[], limitTokens: number): McpResultBlock[] {
  const total = blocks.reduce((sum, block) => sum + estimateBlockTokens(block), 0);
  if (total <= limitTokens) return [...blocks];
  const kept: McpResultBlock[] = [];
  let left = limitTokens;
  for (const block of blocks) {
    const cost = estimateBlockTokens(block);
    if (cost <= left) {
      kept.push(block);
      left -= cost;
      continue;
    }
    if (block.type === 'text' && left > 0) kept.push(text(block.text.slice(0, left * CHARS_PER_TOKEN)));
    break;
  }
  kept.push(text(truncationNote(total, limitTokens)));
  return kept;
}
