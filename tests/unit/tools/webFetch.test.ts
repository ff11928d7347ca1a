// WebFetch against a local HTTP server: an HTML page answered by the side model, same-host and
// cross-host redirects, an oversized body, a timeout, the cache, and a domain rule denying it.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rulesFromSettings } from '../../../src/permissions/rules.js';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import { PageCache } from '../../../src/tools/webFetch/cache.js';
import { isSameSiteRedirect, upgradeToHttps } from '../../../src/tools/webFetch/url.js';
import { createWebFetchTool } from '../../../src/tools/webFetch/WebFetchTool.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/localHttpServer.js';
import { scriptedModel, text } from '../../support/scriptedModel.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const PAGE = `<!doctype html><html><head><title>T</title><style>body{}</style><script>alert(1)</script></head>
<body><h1>Release notes</h1><p>Version <strong>2.0</strong> adds <a href="/mcp">MCP</a>.</p><ul><li>one</li><li>two</li></ul></body></html>`;

let server: LocalHttpServer;
let base: string;
let pageHits = 0;
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = await startLocalHttpServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page') {
      pageHits++;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/moved') {
      res.writeHead(301, { location: '/page' }).end();
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (path === '/away') {
      res.writeHead(302, { location: `http://localhost:${server.port}/page` }).end();
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('y'.repeat(5_000));
    } else if (path === '/slow') {
      hanging.push(res);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    } else if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
    } else {
      res.writeHead(404).end('no');
    }
  });
  base = server.url;
});

afterAll(() => server.close());

beforeEach(() => {
  pageHits = 0;
});

function setup(options: { maxBytes?: number; timeoutMs?: number } = {}) {
  const model = scriptedModel([{ blocks: [text('It adds MCP.')] }, { blocks: [text('Two items.')] }]);
  const tool = createWebFetchTool({ cache: new PageCache(), ...options });
  const ctx = makeToolContext(process.cwd(), { callModel: model.callModel, smallFastModel: 'claude-haiku-4-5' });
  return { tool, ctx, model };
}

describe('WebFetch', () => {
  it('turns HTML into Markdown, asks the small model the prompt about it, and caches the page', async () => {
    const { tool, ctx, model } = setup();
    const result = await runTool(tool, { url: `${base}/page`, prompt: 'What is new?' }, ctx);
    expect(result.data).toMatchObject({ url: `${base}/page`, code: 200, result: 'It adds MCP.' });
    const request = model.requests[0];
    expect(request?.model).toBe('claude-haiku-4-5');
    expect(request?.tools).toEqual([]);
    const sent = String(request?.messages[0]?.content);
    expect(sent).toContain('# Release notes');
    expect(sent).toContain('Version **2.0** adds [MCP](/mcp).');
    expect(sent).toContain('-   one');
    expect(sent).not.toContain('alert(1)');
    expect(sent).toContain('Request: What is new?');
    expect(tool.toResultBlock(result.data!, 'toolu_1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'It adds MCP.' });

    const again = await runTool(tool, { url: `${base}/page`, prompt: 'How many items?' }, ctx);
    expect(again.data?.result).toBe('Two items.');
    expect(pageHits).toBe(1);
  });

  it('follows a same-host redirect and hands a cross-host one back to the model', async () => {
    const { tool, ctx } = setup();
    const moved = await runTool(tool, { url: `${base}/moved`, prompt: 'q' }, ctx);
    expect(moved.data).toMatchObject({ url: `${base}/page`, result: 'It adds MCP.' });

    const away = await runTool(tool, { url: `${base}/away`, prompt: 'q' }, ctx);
    expect(away.data?.code).toBe(302);
    expect(away.data?.result).toContain('redirected to a different host');
    expect(away.data?.result).toContain(`call WebFetch again with url "http://localhost:`);

    const loop = await runTool(tool, { url: `${base}/loop`, prompt: 'q' }, ctx);
    expect(loop.error).toMatch(/redirected more than 10 times/);
  });

  it('refuses a body over the size cap, a page that is too slow, and non-text content', async () => {
    const { tool, ctx } = setup({ maxBytes: 1_000, timeoutMs: 300 });
    const huge = await runTool(tool, { url: `${base}/huge`, prompt: 'q' }, ctx);
    expect(huge.error).toMatch(/more than the 1000 bytes WebFetch reads/);
    const slow = await runTool(tool, { url: `${base}/slow`, prompt: 'q' }, ctx);
    expect(slow.error).toMatch(/took longer than 0 s and was stopped/);
    const image = await runTool(tool, { url: `${base}/image`, prompt: 'q' }, ctx);
    expect(image.error).toMatch(/image\/png, not a text page/);
  });

  it('checks the URL before fetching', async () => {
    const { tool, ctx } = setup();
    expect((await runTool(tool, { url: 'not a url', prompt: 'q' }, ctx)).error).toMatch(/Not a valid URL/);
    expect((await runTool(tool, { url: 'ftp://example.com/x', prompt: 'q' }, ctx)).error).toMatch(/http and https/);
    expect((await runTool(tool, { url: `https://x.test/${'a'.repeat(2_001)}`, prompt: 'q' }, ctx)).error).toMatch(/longer than 2000/);
  });

  it('upgrades http to https except on loopback, and compares redirect hosts ignoring www', () => {
    expect(upgradeToHttps(new URL('http://example.com/a')).href).toBe('https://example.com/a');
    expect(upgradeToHttps(new URL('http://127.0.0.1:8080/a')).href).toBe('http://127.0.0.1:8080/a');
    expect(upgradeToHttps(new URL('http://localhost/a')).href).toBe('http://localhost/a');
    expect(isSameSiteRedirect(new URL('https://example.com/a'), new URL('https://www.example.com/b'))).toBe(true);
    expect(isSameSiteRedirect(new URL('http://example.com/a'), new URL('https://example.com/b'))).toBe(true);
    expect(isSameSiteRedirect(new URL('https://example.com/a'), new URL('https://evil.test/b'))).toBe(false);
  });

  it('is denied by a WebFetch(domain:…) rule, and asks with a domain suggestion otherwise', async () => {
    const { tool } = setup();
    const rules = rulesFromSettings({ deny: ['WebFetch(domain:127.0.0.1)'] }, 'localSettings');
    const denied = makeToolContext(process.cwd(), {
      getPermissionContext: () => ({ mode: 'default', rules, workingDirectories: [process.cwd()] }),
    });
    const decision = await resolvePermission(tool, { url: `${base}/page`, prompt: 'q' }, denied);
    expect(decision).toMatchObject({ behavior: 'deny', message: expect.stringContaining('WebFetch(domain:127.0.0.1)') });

    const allowRules = rulesFromSettings({ allow: ['WebFetch(domain:127.0.0.1)'] }, 'localSettings');
    const allowed = makeToolContext(process.cwd(), {
      getPermissionContext: () => ({ mode: 'default', rules: allowRules, workingDirectories: [process.cwd()] }),
    });
    expect(await resolvePermission(tool, { url: `${base}/page`, prompt: 'q' }, allowed)).toMatchObject({ behavior: 'allow' });

    const asking = await resolvePermission(tool, { url: 'https://docs.example.com/x', prompt: 'q' }, makeToolContext(process.cwd()));
    expect(asking).toMatchObject({
      behavior: 'ask',
      suggestions: [expect.objectContaining({ rules: [{ toolName: 'WebFetch', ruleContent: 'domain:docs.example.com' }] })],
    });
  });
});
