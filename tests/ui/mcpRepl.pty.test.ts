// The REPL in a real terminal with a project .mcp.json nobody has approved: the dialog comes up
// first, "Use all" is remembered in .claude/settings.local.json, the server connects in the same
// session (a notice says so) and the next request offers its tools and carries its instructions.
import { spawn, type IPty } from '@lydell/node-pty';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMcpTestServerScript, TEST_SERVER_INSTRUCTIONS } from '../support/mcpTestServer.js';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { assertBuilt, createWorld, PULSE_BIN, type PulseWorld } from '../support/runPulse.js';
import { waitFor } from './helpers.js';

// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007]*\u0007|[=>])/g;

let world: PulseWorld | undefined;
let mock: MockAnthropic | undefined;
let pty: IPty | undefined;

afterEach(async () => {
  pty?.kill();
  await mock?.close();
  await world?.cleanup();
  pty = undefined;
  mock = undefined;
  world = undefined;
});

describe('MCP approval in the REPL', () => {
  it('asks about .mcp.json servers, saves the answer and connects them in the same session', async () => {
    assertBuilt();
    const script = await buildMcpTestServerScript();
    world = await createWorld();
    mock = await startMockAnthropic({ turns: [{ content: [{ type: 'text', text: 'Tools seen.' }] }] });
    await writeFile(
      join(world.repo, '.mcp.json'),
      JSON.stringify({ mcpServers: { project: { command: process.execPath, args: [script, '--stdio'] } } }),
    );

    let output = '';
    pty = spawn(process.execPath, [PULSE_BIN], {
      name: 'xterm-256color',
      cols: 120,
      rows: 40,
      cwd: world.repo,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: world.home,
        PULSE_CONFIG_DIR: world.configDir,
        ANTHROPIC_API_KEY: 'sk-test',
        ANTHROPIC_BASE_URL: mock.url,
        TERM: 'xterm-256color',
      },
    });
    pty.onData((data) => (output += data));
    const screen = (): string => output.replace(ESCAPES, '');

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
