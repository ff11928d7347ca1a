// MCP in the slash-command registry: `/mcp` (status, approve, reconnect) and each connected
// server's prompts as `/mcp__server__prompt` commands whose text goes to the model.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { LocalCommand, PromptCommand, SlashCommand } from '../commands/types.js';
import type { McpManager } from './manager.js';
import { mcpPromptCommandName } from './names.js';
import { formatServerReport } from './statusReport.js';

export function createMcpCommand(manager: McpManager): LocalCommand {
  return {
    name: 'mcp',
    description: 'Show MCP servers and why any failed; /mcp approve <name>, /mcp reconnect <name>',
    argumentHint: '[approve|reconnect <name>]',
    async run(ctx, args) {
      const [action, name] = args.split(/\s+/).filter(Boolean);
      if ((action === 'approve' || action === 'reconnect') && name) {
        if (!manager.hasServer(name)) {
          ctx.print(`There is no MCP server named "${name}".`);
          return;
        }
        await (action === 'approve' ? manager.approve(name) : manager.reconnectNow(name));
      }
      ctx.print(formatServerReport(manager.servers()));
    },
  };
}

/** `a b c` to the prompt's arguments in order; `key=value` pairs name them instead. */
export function promptArguments(prompt: Prompt, args: string): Record<string, string> {
  const words = args.match(/"[^"]*"|\S+/g)?.map((word) => word.replace(/^"|"$/g, '')) ?? [];
  const declared = prompt.arguments ?? [];
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of words) {
    const named = /^([\w-]+)=(.*)$/.exec(word);
    if (named?.[1] && declared.some((arg) => arg.name === named[1])) values[named[1]] = named[2] ?? '';
    else positional.push(word);
  }
  for (const arg of declared) {
    if (values[arg.name] !== undefined) continue;
    const next = positional.shift();
    if (next !== undefined) values[arg.name] = next;
  }
  // Whatever is left belongs to the last argument, so free text survives.
  const last = declared.at(-1);
  if (last && positional.length > 0) values[last.name] = [values[last.name], ...positional].filter(Boolean).join(' ');
  return values;
}

export function promptText(result: GetPromptResult): string {
  return result.messages
    .map((message) => {
      const content = message.content;
      if (content.type === 'text') return content.text;
      if (content.type === 'resource' && 'text' in content.resource) return String(content.resource.text);
      if (content.type === 'resource_link') return `${content.name}: ${content.uri}`;
      return `[${content.type} left out]`;
    })
    .join('\n\n');
}

function promptCommand(manager: McpManager, server: string, prompt: Prompt): PromptCommand {
  const argNames = (prompt.arguments ?? []).map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`));
  return {
    type: 'prompt',
    source: 'mcp',
    name: mcpPromptCommandName(server, prompt.name),
    description: `${prompt.description ?? prompt.title ?? prompt.name} (MCP prompt from ${server})`,
    ...(argNames.length > 0 ? { argumentHint: argNames.join(' ') } : {}),
    disableModelInvocation: true,
    async getPrompt(args, env) {
      const missing = (prompt.arguments ?? []).filter((arg) => arg.required && promptArguments(prompt, args)[arg.name] === undefined);
      if (missing.length > 0) {
        throw new Error(`/${mcpPromptCommandName(server, prompt.name)} needs ${missing.map((arg) => arg.name).join(', ')}`);
      }
      const result = await manager.getPrompt(server, prompt.name, promptArguments(prompt, args), env.signal ?? new AbortController().signal);
      return { prompt: promptText(result), allowedRules: [] };
    },
  };
}

/** The prompts of every connected server, as commands; asked afresh so new servers show up. */
export function mcpPromptCommands(manager: McpManager): SlashCommand[] {
  return manager
    .servers()
    .filter((server) => server.status === 'connected')
    .flatMap((server) => server.prompts.map((prompt) => promptCommand(manager, server.name, prompt)));
}
