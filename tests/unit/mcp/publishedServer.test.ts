// One published server from the npm registry (@modelcontextprotocol/server-memory, a
// devDependency), started as a child process over stdio and used for real calls.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpManager } from '../../../src/mcp/manager.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const require = createRequire(import.meta.url);

describe('@modelcontextprotocol/server-memory', () => {
  let dir: string;
  let manager: McpManager;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pulse-mcp-memory-'));
    const packageDir = dirname(require.resolve('@modelcontextprotocol/server-memory/package.json'));
    manager = new McpManager(
      [
        {
          name: 'memory',
          scope: 'dynamic',
          source: 'test',
          raw: {},
          config: {
            type: 'stdio',
            command: process.execPath,
            args: [join(packageDir, 'dist', 'index.js')],
            env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
          },
        },
      ],
      { cwd: dir, connectTimeoutMs: 30_000 },
    );
    manager.start();
    await manager.whenSettled();
  });

  afterAll(async () => {
    await manager.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('connects, stores an entity with one call and reads it back with another', async () => {
    expect(manager.statusList()).toEqual([{ name: 'memory', status: 'connected' }]);
    const create = manager.tools().find((t) => t.name === 'mcp__memory__create_entities');
    const readGraph = manager.tools().find((t) => t.name === 'mcp__memory__read_graph');
    if (!create || !readGraph) throw new Error('server-memory tools missing');
    const ctx = makeToolContext(dir);
    const created = await runTool(
      create,
      { entities: [{ name: 'Pulse', entityType: 'project', observations: ['speaks MCP'] }] },
      ctx,
    );
    expect(created.error).toBeUndefined();
    expect(JSON.stringify(created.data)).toContain('Pulse');
    const graph = await runTool(readGraph, {}, ctx);
    expect(JSON.stringify(graph.data)).toContain('speaks MCP');
    expect(await readFile(join(dir, 'memory.jsonl'), 'utf8')).toContain('"name":"Pulse"');
  });
});
