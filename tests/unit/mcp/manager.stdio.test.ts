// The manager against the test server as a child process over stdio: listing, calls, parallel
// read-only calls, a deadline, a crash mid-session, a server that never starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../../src/mcp/config.js';
import { McpManager } from '../../../src/mcp/manager.js';
import type { McpStatusEvent } from '../../../src/mcp/types.js';
import { buildMcpTestServerScript, GREETING_TEXT, GREETING_URI, PIXEL_PNG } from '../../support/mcpTestServer.js';
import { makeToolContext } from '../../support/toolContext.js';
import { runTool } from '../../support/toolContext.js';

let script: string;

beforeAll(async () => {
  script = await buildMcpTestServerScript();
});

function stdioEntry(name: string, env: Record<string, string> = {}, command = process.execPath): McpServerEntry {
  return { name, scope: 'user', source: 'test', raw: {}, config: { type: 'stdio', command, args: [script, '--stdio'], env } };
}

function waitForStatus(manager: McpManager, server: string, status: McpStatusEvent['status']): Promise<McpStatusEvent> {
  return new Promise((resolve) => {
    const stop = manager.onStatusChange((event) => {
      if (event.server === server && event.status === status) {
        stop();
        resolve(event);
      }
    });
  });
}

function toolNamed(manager: McpManager, name: string) {
  const tool = manager.tools().find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}; have ${manager.tools().map((t) => t.name).join(', ')}`);
  return tool;
}

describe('McpManager over stdio', () => {
  const managers: McpManager[] = [];
  afterAll(async () => {
    await Promise.all(managers.map((m) => m.close()));
  });

  function manager(entries: McpServerEntry[], toolTimeoutMs = 60_000): McpManager {
    const m = new McpManager(entries, { cwd: process.cwd(), connectTimeoutMs: 20_000, toolTimeoutMs });
    managers.push(m);
    m.start();
    return m;
  }

  it('connects, lists tools, resources and prompts, and calls a tool', async () => {
    const m = manager([stdioEntry('test.server')]);
    expect(m.statusList()).toEqual([{ name: 'test.server', status: 'pending' }]);
    await m.whenSettled();
    expect(m.statusList()).toEqual([{ name: 'test.server', status: 'connected' }]);
    const names = m.tools().map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['mcp__test_server__echo', 'mcp__test_server__gate', 'mcp__test_server__hang']));
    const info = m.servers()[0];
    expect(info?.resources.map((r) => r.uri)).toEqual([GREETING_URI]);
    expect(info?.prompts.map((p) => p.name)).toEqual(['review']);

    const echo = toolNamed(m, 'mcp__test_server__echo');
    expect(echo.inputJSONSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(echo.isConcurrencySafe({})).toBe(false);
    const result = await runTool(echo, { text: 'hi' }, makeToolContext(process.cwd()));
    expect(result.data).toEqual({ blocks: [{ type: 'text', text: 'echo: hi' }], isError: false });
    expect(echo.toResultBlock(result.data, 'toolu_1')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'text', text: 'echo: hi' }],
    });

    const bad = await runTool(echo, { text: 42 }, makeToolContext(process.cwd()));
    expect(bad.error).toMatch(/does not match the tool's schema/);

    const read = await m.readResource('test.server', GREETING_URI, new AbortController().signal);
    expect(read.contents[0]).toMatchObject({ text: GREETING_TEXT });
    const prompt = await m.getPrompt('test.server', 'review', { topic: 'the parser' }, new AbortController().signal);
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Review the parser carefully.' });
  });

  it('maps images, resource links and errors, and caps long output with a note', async () => {
    const m = new McpManager([stdioEntry('media')], { cwd: process.cwd(), maxOutputTokens: 2_100 });
    managers.push(m);
    m.start();
    await m.whenSettled();
    const ctx = makeToolContext(process.cwd());
    const picture = await runTool(toolNamed(m, 'mcp__media__picture'), {}, ctx);
    expect(picture.data?.blocks).toEqual([
      { type: 'text', text: 'Here is a picture.' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
      { type: 'text', text: `[Resource link] greeting: ${GREETING_URI} (text/plain)` },
    ]);
    const fail = await runTool(toolNamed(m, 'mcp__media__fail'), {}, ctx);
    expect(fail.data?.isError).toBe(true);
    expect(toolNamed(m, 'mcp__media__fail').toResultBlock(fail.data, 't')).toMatchObject({ is_error: true });
    const big = await runTool(toolNamed(m, 'mcp__media__big'), { chars: 20_000 }, ctx);
    const blocks = big.data?.blocks ?? [];
    expect(blocks[0]).toEqual({ type: 'text', text: 'x'.repeat(8_400) });
    expect(blocks[1]).toMatchObject({ type: 'text', text: expect.stringContaining('MAX_MCP_OUTPUT_TOKENS') });
  });

  it('runs read-only tools side by side: two gate calls only pass together', async () => {
    const m = manager([stdioEntry('par')]);
    await m.whenSettled();
    const gate = toolNamed(m, 'mcp__par__gate');
    expect(gate.isConcurrencySafe({})).toBe(true);
    expect(gate.isReadOnly({})).toBe(true);
    const ctx = makeToolContext(process.cwd());
    const [a, b] = await Promise.all([runTool(gate, { name: 'a' }, ctx), runTool(gate, { name: 'b' }, ctx)]);
    expect(a.data?.blocks).toEqual([{ type: 'text', text: 'gate a passed' }]);
    expect(b.data?.blocks).toEqual([{ type: 'text', text: 'gate b passed' }]);
  });

  it('cancels a call that runs past MCP_TOOL_TIMEOUT, and an aborted call stops at once', async () => {
    const m = manager([stdioEntry('slow')], 300);
    await m.whenSettled();
    const hang = toolNamed(m, 'mcp__slow__hang');
    const timedOut = await runTool(hang, {}, makeToolContext(process.cwd()));
    expect(timedOut.error).toMatch(/did not finish within 0 s \(MCP_TOOL_TIMEOUT\)/);

    const controller = new AbortController();
    const pending = runTool(hang, {}, makeToolContext(process.cwd(), { abortSignal: controller.signal }));
    controller.abort();
    expect((await pending).error).toMatch(/interrupted/);
    // The server is still usable afterwards.
    expect(m.statusList()[0]?.status).toBe('connected');
    const echo = await runTool(toolNamed(m, 'mcp__slow__echo'), { text: 'still here' }, makeToolContext(process.cwd()));
    expect(echo.data?.blocks).toEqual([{ type: 'text', text: 'echo: still here' }]);
  });

  it('marks a server that exits mid-session failed, with its stderr, and its tools say so', async () => {
    const m = manager([stdioEntry('fragile')]);
    await m.whenSettled();
    const failed = waitForStatus(m, 'fragile', 'failed');
    const crash = await runTool(toolNamed(m, 'mcp__fragile__crash'), {}, makeToolContext(process.cwd()));
    expect(crash.error).toMatch(/MCP server "fragile"/);
    const event = await failed;
    expect(event.reason).toMatch(/the server process exited/);
    expect(m.servers()[0]?.stderrTail).toContain('crashing on purpose');
    const echo = await runTool(toolNamed(m, 'mcp__fragile__echo'), { text: 'x' }, makeToolContext(process.cwd()));
    expect(echo.error).toMatch(/MCP server "fragile" is failed: the server process exited/);
  });

  it('says why a server never started: a missing command, or a process that exits at once', async () => {
    const m = manager([
      stdioEntry('missing', {}, '/nonexistent/pulse-mcp-server'),
      stdioEntry('broken', { MCP_TEST_FAIL_START: '1' }),
    ]);
    await m.whenSettled();
    const [missing, broken] = m.servers();
    expect(missing?.status).toBe('failed');
    expect(missing?.reason).toMatch(/could not start "\/nonexistent\/pulse-mcp-server"/);
    expect(broken?.status).toBe('failed');
    expect(broken?.reason).toMatch(/the database is missing/);
    expect(broken?.stderrTail).toContain('cannot start');
    expect(m.tools()).toEqual([]);
  });
});
