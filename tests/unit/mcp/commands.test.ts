// Resources and prompts in use: the resource tools, `@server:uri` mentions, server prompts as
// slash commands, and the /mcp report with a failure's reason and stderr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpCommand, mcpPromptCommands, promptArguments } from '../../../src/mcp/commands.js';
import { McpManager } from '../../../src/mcp/manager.js';
import { expandMcpMentions, findMcpMentions } from '../../../src/mcp/mentions.js';
import { createMcpResourceTools } from '../../../src/tools/mcpResources/index.js';
import type { PromptCommand } from '../../../src/commands/types.js';
import { GREETING_TEXT, GREETING_URI, startHttpTestServer, type HttpTestServer } from '../../support/mcpTestServer.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let server: HttpTestServer;
let manager: McpManager;

beforeAll(async () => {
  server = await startHttpTestServer();
  manager = new McpManager(
    [
      { name: 'docs', scope: 'dynamic', source: 'test', raw: {}, config: { type: 'http', url: server.url, headers: {} } },
      {
        name: 'broken',
        scope: 'user',
        source: '~/.pulse/mcp.json',
        raw: {},
        config: { type: 'stdio', command: process.execPath, args: ['-e', 'process.stderr.write("no token configured\\n"); process.exit(1)'], env: {} },
      },
    ],
    { cwd: process.cwd(), connectTimeoutMs: 10_000 },
  );
  manager.start();
  await manager.whenSettled();
});

afterAll(async () => {
  await manager.close();
  await server.close();
});

describe('MCP resources, prompts and /mcp', () => {
  it('lists and reads resources through the two tools', async () => {
    const [list, read] = createMcpResourceTools(manager);
    const ctx = makeToolContext(process.cwd());
    const listed = await runTool(list!, {}, ctx);
    expect(listed.data).toEqual([
      { server: 'docs', uri: GREETING_URI, name: 'greeting', mimeType: 'text/plain', description: 'A friendly greeting' },
    ]);
    const content = await runTool(read!, { server: 'docs', uri: GREETING_URI }, ctx);
    expect(read!.toResultBlock(content.data, 't')).toEqual({
      type: 'tool_result',
      tool_use_id: 't',
      content: [{ type: 'text', text: GREETING_TEXT }],
    });
    expect((await runTool(read!, { server: 'nope', uri: 'x' }, ctx)).error).toMatch(/no MCP server named "nope"/);
    expect((await runTool(list!, { server: 'broken' }, ctx)).data).toEqual([]);
  });

  it('attaches @server:uri mentions to the prompt', async () => {
    expect(findMcpMentions('see @docs:test://greeting, and me@mail:x', (n) => n === 'docs')).toEqual([{ server: 'docs', uri: GREETING_URI }]);
    const expanded = await expandMcpMentions(`Summarise @docs:${GREETING_URI}`, manager, new AbortController().signal);
    expect(expanded).toEqual([
      { type: 'text', text: `Summarise @docs:${GREETING_URI}` },
      { type: 'text', text: `Contents of the MCP resource @docs:${GREETING_URI}:` },
      { type: 'text', text: GREETING_TEXT },
    ]);
    expect(await expandMcpMentions('no mentions here', manager, new AbortController().signal)).toBe('no mentions here');
    const failed = await expandMcpMentions('read @broken:x://y', manager, new AbortController().signal);
    expect(JSON.stringify(failed)).toContain('could not be read: MCP server \\"broken\\" is failed');
  });

  it('offers server prompts as /mcp__server__prompt commands', async () => {
    const commands = mcpPromptCommands(manager) as PromptCommand[];
    expect(commands.map((c) => c.name)).toEqual(['mcp__docs__review']);
    const env = { cwd: process.cwd(), permissionContext: { mode: 'default' as const, rules: [], workingDirectories: [] } };
    expect(await commands[0]!.getPrompt('the parser', env)).toEqual({ prompt: 'Review the parser carefully.', allowedRules: [] });
    await expect(commands[0]!.getPrompt('', env)).rejects.toThrow(/needs topic/);
    expect(promptArguments({ name: 'p', arguments: [{ name: 'a' }, { name: 'b' }] }, 'b=2 one two three')).toEqual({ b: '2 two three', a: 'one' });
  });

  it('/mcp shows each server, with the failure reason and stderr tail', async () => {
    const printed: string[] = [];
    await createMcpCommand(manager).run({ print: (t) => printed.push(t), clearConversation: () => {}, exit: () => {}, commands: [] }, '');
    const report = printed.join('\n');
    expect(report).toContain('docs (dynamic, http): connected');
    expect(report).toContain('1 tool(s)'.replace('1', String(manager.servers()[0]?.tools.length)));
    expect(report).toContain('broken (user, stdio): failed');
    expect(report).toContain('no token configured');
    expect(manager.statusList()).toEqual([
      { name: 'docs', status: 'connected' },
      { name: 'broken', status: 'failed' },
    ]);
  });
});
