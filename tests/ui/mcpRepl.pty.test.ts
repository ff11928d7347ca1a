// The REPL in a real terminal with a project .mcp.json nobody has approved: the dialog comes up
// first, "Use all" is remembered in .claude/settings.local.json, the server connects in the same
// session (a notice says so) and the next request offers its tools and carries its instructions.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMcpTestServerScript, TEST_SERVER_INSTRUCTIONS } from '../support/mcpTestServer.js';
import { startPtyPulse } from '../support/ptyPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario } from './ptyHarness.js';

describe('MCP approval in the REPL', () => {
  it('asks about .mcp.json servers, saves the answer and connects them in the same session', async () => {
    const script = await buildMcpTestServerScript();
    const { world, mock, apiEnv } = await ptyScenario({ turns: [{ content: [{ type: 'text', text: 'Tools seen.' }] }] });
    await writeFile(
      join(world.repo, '.mcp.json'),
      JSON.stringify({ mcpServers: { project: { command: process.execPath, args: [script, '--stdio'] } } }),
    );

    const pty = startPtyPulse(world, { cols: 120, env: apiEnv });
    const { screen } = pty;

    await waitFor(() => screen().includes('New MCP servers found in .mcp.json: project'), 15_000);
    pty.write('1');
    await waitFor(() => /MCP server "project" connected · \d+ tools/.test(screen()), 20_000);
    const settings = JSON.parse(await readFile(join(world.repo, '.claude', 'settings.local.json'), 'utf8')) as unknown;
    expect(settings).toEqual({ enabledMcpjsonServers: ['project'] });

    await waitFor(() => screen().includes('/ for commands'), 10_000);
    pty.write('which tools?');
    await waitFor(() => /> which tools\?/.test(screen()), 10_000);
    pty.write('\r');
    await waitFor(() => screen().includes('Tools seen.'), 15_000);
    const request = mock.requests.find((candidate) => JSON.stringify(candidate.body.messages).includes('which tools?'));
    const tools = ((request?.body.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);
    expect(tools).toContain('mcp__project__echo');
    expect(JSON.stringify(request?.body.system)).toContain(TEST_SERVER_INSTRUCTIONS);
  });
});
