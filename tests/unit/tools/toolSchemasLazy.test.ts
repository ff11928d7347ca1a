// With the build's precomputed schemas, listing the default tool pool for the first request
// builds no zod schema at all: each tool's schema waits until the model calls the tool.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withNestedMemory } from '../../../src/bootstrap/nestedMemoryTools.js';
import { createNestedMemory } from '../../../src/memory/nested.js';
import { toApiTools } from '../../../src/tools/apiSchema.js';
import { assembleToolPool, getAllTools } from '../../../src/tools/registry.js';
import { sessionTools } from '../../../src/tools/sessionTools.js';

const zodCalls = vi.hoisted(() => ({ names: [] as string[] }));

// Every schema starts with one of these; the conversion to JSON Schema is counted too. Pulse
// imports zod as a namespace (`import * as z from 'zod'`), so the module's own exports are the
// ones replaced (and `z`/`default` too, for any code that reaches them that way).
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>();
  const counted = <K extends 'object' | 'looseObject' | 'strictObject' | 'string' | 'union' | 'toJSONSchema'>(name: K) =>
    ((...args: unknown[]) => {
      zodCalls.names.push(name);
      return (actual[name] as (...a: unknown[]) => unknown)(...args);
    }) as (typeof actual)[K];
  const overrides = {
    object: counted('object'),
    looseObject: counted('looseObject'),
    strictObject: counted('strictObject'),
    string: counted('string'),
    union: counted('union'),
    toJSONSchema: counted('toJSONSchema'),
  };
  const z = { ...actual.z, ...overrides };
  return { ...actual, ...overrides, z, default: z };
});

type Globals = { __PULSE_TOOL_INPUT_SCHEMAS__?: Record<string, unknown> };

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pulse-lazy-schemas-'));
});
afterEach(() => {
  delete (globalThis as Globals).__PULSE_TOOL_INPUT_SCHEMAS__;
  rmSync(dir, { recursive: true, force: true });
});

describe('tool schemas before the first request', () => {
  it('the default print-mode pool goes out with the precomputed schemas and builds none', async () => {
    const all = [...getAllTools({ agents: () => [] }), ...sessionTools({ canAskUser: false })];
    const pool = withNestedMemory(assembleToolPool(all, { selection: 'default', rules: [] }), createNestedMemory({ cwd: dir }));
    const precomputed = Object.fromEntries(pool.map((tool) => [tool.name, { type: 'object', title: `precomputed ${tool.name}` }]));
    (globalThis as Globals).__PULSE_TOOL_INPUT_SCHEMAS__ = precomputed;

    const apiTools = await toApiTools(pool, { tools: pool, isNonInteractive: true });

    expect(apiTools.map((tool) => tool.input_schema)).toEqual(pool.map((tool) => precomputed[tool.name]));
    expect(pool.map((tool) => tool.name)).toContain('Read');
    expect(zodCalls.names).toEqual([]);
  });

  it('a tool the build did not convert is converted at run time', async () => {
    const [read] = getAllTools({ agents: () => [] }).filter((tool) => tool.name === 'Read');
    (globalThis as Globals).__PULSE_TOOL_INPUT_SCHEMAS__ = {};
    const [apiTool] = await toApiTools([read!], { tools: [read!], isNonInteractive: true });
    expect(apiTool?.input_schema.properties).toHaveProperty('file_path');
    expect(zodCalls.names).toContain('toJSONSchema');
  });
});
