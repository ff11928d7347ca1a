// `@server:uri` in a prompt: the resource is read and attached after the text, so the model sees
// it without a tool call. A mention that cannot be read is left as typed, with a note saying why.
import type { ContentBlockParam } from '../types/messages.js';
import type { McpManager } from './manager.js';

const MENTION = /(^|\s)@([A-Za-z0-9_.-]+):(\S+)/g;

export type McpMention = { server: string; uri: string };

export function findMcpMentions(text: string, isServer: (name: string) => boolean): McpMention[] {
  const mentions: McpMention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const server = match[2] as string;
    const uri = (match[3] as string).replace(/[.,;:!?)]+$/, '');
    if (isServer(server) && !mentions.some((m) => m.server === server && m.uri === uri)) mentions.push({ server, uri });
  }
  return mentions;
}

/** The prompt with each mentioned resource attached; the text itself when there is none. */
export async function expandMcpMentions(
  text: string,
  manager: Pick<McpManager, 'hasServer' | 'readResourceBlocks'>,
  signal: AbortSignal,
): Promise<string | ContentBlockParam[]> {
  const mentions = findMcpMentions(text, (name) => manager.hasServer(name));
  if (mentions.length === 0) return text;
  const blocks: ContentBlockParam[] = [{ type: 'text', text }];
  for (const { server, uri } of mentions) {
    try {
      const contents = await manager.readResourceBlocks(server, uri, signal);
      blocks.push({ type: 'text', text: `Contents of the MCP resource @${server}:${uri}:` }, ...contents);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      blocks.push({ type: 'text', text: `(The MCP resource @${server}:${uri} could not be read: ${why})` });
    }
  }
  return blocks;
}
