// MCP end to end: the built CLI starts servers from --mcp-config and .mcp.json, reports them in
// system/init, offers their tools, and sends the tool results back to the model.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INSTRUCTIONS_CHARS } from '../../src/mcp/instructions.js';
import { buildMcpTestServerScript, GREETING_TEXT, TEST_SERVER_INSTRUCTIONS } from '../support/mcpTestServer.js';
import { resultOf, scenario, toolResultsSent } from './harness.js';

let script: string;

beforeAll(async () => {
  script = await buildMcpTestServerScript();
});

function serverConfig(extra: Record<string, unknown> = {}) {
  return { command: process.execPath, args: [script, '--stdio'], ...extra };
}

const STREAM = ['-p', '--output-format', 'stream-json', '--verbose'];

function systemText(body: Record<string, unknown> | undefined): string {
  return ((body?.system ?? []) as Array<{ text: string }>).map((block) => block.text).join('\n');
}

describe('MCP in print mode', () => {
  it('connects --mcp-config servers, lists them in system/init and runs their tools', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', name: 'mcp__tester__echo', input: { text: 'from the model' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const config = JSON.stringify({
      mcpServers: { tester: serverConfig(), ghost: { command: '/nonexistent/mcp-server' } },
    });
    const run = await s.run([...STREAM, 'use the echo tool', '--allowedTools', 'mcp__tester', '--mcp-config', config]);
    expect(run.stderr).toBe('');
    const lines = run.json();
    const init = lines[0];
    expect(init?.mcp_servers).toEqual([
      { name: 'tester', status: 'connected' },
      { name: 'ghost', status: 'failed' },
    ]);
    expect(init?.tools).toEqual(expect.arrayContaining(['mcp__tester__echo', 'ListMcpResources', 'ReadMcpResource', 'WebFetch', 'WebSearch']));
    const sentTools = (s.mock.requests[0]?.body.tools ?? []) as Array<{ name: string; input_schema: unknown }>;
    expect(sentTools.find((t) => t.name === 'mcp__tester__echo')?.input_schema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string' } },
    });
    expect(toolResultsSent(s.mock, 1)).toEqual([
      expect.objectContaining({ content: [{ type: 'text', text: 'echo: from the model' }] }),
    ]);
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', result: 'done' });
  });

  it('keeps unapproved .mcp.json servers disabled; --strict-mcp-config ignores them; approval enables them', async () => {
    const s = await scenario([], { content: [{ type: 'text', text: 'ok' }] });
    await writeFile(join(s.world.repo, '.mcp.json'), JSON.stringify({ mcpServers: { project: serverConfig() } }));

    const unapproved = await s.run([...STREAM, 'hi']);
    expect(unapproved.json()[0]?.mcp_servers).toEqual([{ name: 'project', status: 'disabled' }]);

    const strict = await s.run([...STREAM, 'hi', '--strict-mcp-config', '--mcp-config', JSON.stringify({ mcpServers: { only: serverConfig() } })]);
    expect(strict.json()[0]?.mcp_servers).toEqual([{ name: 'only', status: 'connected' }]);

    await writeFile(join(s.world.repo, '.claude-settings.json'), JSON.stringify({ enabledMcpjsonServers: ['project'] }));
    const approved = await s.run([...STREAM, '--settings', join(s.world.repo, '.claude-settings.json'), 'hi']);
    expect(approved.json()[0]?.mcp_servers).toEqual([{ name: 'project', status: 'connected' }]);
  });

  it('attaches an @server:uri mention to the prompt', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'read it' }] }]);
    const config = JSON.stringify({ mcpServers: { docs: serverConfig() } });
    const run = await s.run(['-p', 'Summarise @docs:test://greeting please', '--mcp-config', config]);
    expect(run.stdout.trim()).toBe('read it');
    const first = (s.mock.requests[0]?.body.messages ?? [])[0] as { content: Array<{ type: string; text?: string }> };
    expect(first.content.map((b) => b.text)).toEqual(
      expect.arrayContaining(['Contents of the MCP resource @docs:test://greeting:', GREETING_TEXT]),
    );
  });

  it("puts each connected server's instructions in the system prompt under its name, capped", async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const long = 'w'.repeat(MAX_INSTRUCTIONS_CHARS + 500);
    const config = JSON.stringify({
      mcpServers: { tester: serverConfig(), wordy: serverConfig({ env: { MCP_TEST_INSTRUCTIONS: long } }) },
    });
    const run = await s.run(['-p', 'hi', '--mcp-config', config]);
    expect(run.stdout.trim()).toBe('ok');
    const system = systemText(s.mock.requests[0]?.body);
    expect(system).toContain(`## tester\n${TEST_SERVER_INSTRUCTIONS}`);
    expect(system).toContain(`## wordy\n${'w'.repeat(MAX_INSTRUCTIONS_CHARS)}\n[… 500 more characters left out]`);
    expect(system).not.toContain('w'.repeat(MAX_INSTRUCTIONS_CHARS + 1));
  });
});
