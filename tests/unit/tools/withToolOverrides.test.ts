// Wrapping a tool must not build its zod schema: tools define `inputSchema` as a getter over a
// lazy schema, and every wrapper (nested memory, read-only sub-agent tools) keeps it a getter.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readOnlyVariant } from '../../../src/agents/toolSet.js';
import { withNestedMemory } from '../../../src/bootstrap/nestedMemoryTools.js';
import type { NestedMemory } from '../../../src/memory/nested.js';
import type { AnyTool } from '../../../src/tools/Tool.js';
import { withToolOverrides } from '../../../src/tools/withToolOverrides.js';
import { lazySchema } from '../../../src/utils/lazySchema.js';

function countedTool(name: string): { tool: AnyTool; builds: () => number } {
  let builds = 0;
  const schema = lazySchema(() => {
    builds += 1;
    return z.object({ file_path: z.string() });
  });
  const tool: AnyTool = {
    name,
    get inputSchema() {
      return schema();
    },
    description: () => name,
    prompt: () => name,
    isEnabled: () => true,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: 'passthrough' }),
    async *call() {
      return { data: 'called' };
    },
    toResultBlock: (output: unknown, toolUseId: string) => ({ type: 'tool_result', tool_use_id: toolUseId, content: String(output) }),
    maxResultSizeChars: 1_000,
    userFacingName: () => name,
  };
  return { tool, builds: () => builds };
}

const noMemory: NestedMemory = { forFiles: async () => [] } as unknown as NestedMemory;

describe('lazySchema', () => {
  it('builds once, on the first call, and returns the same schema after', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.string();
    });
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
  });
});

describe('withToolOverrides', () => {
  it('replaces the given members, keeps the rest, and leaves the schema unbuilt', async () => {
    const { tool, builds } = countedTool('Read');
    const wrapped = withToolOverrides(tool, { userFacingName: () => 'Wrapped' });
    expect(wrapped.userFacingName()).toBe('Wrapped');
    expect(wrapped.name).toBe('Read');
    expect(wrapped.description()).toBe('Read');
    expect(tool.userFacingName()).toBe('Read');
    expect(builds()).toBe(0);
    expect(wrapped.inputSchema.safeParse({ file_path: 'a' }).success).toBe(true);
    expect(wrapped.inputSchema).toBe(tool.inputSchema);
    expect(builds()).toBe(1);
  });

  it('keeps members a tool inherits from a class', () => {
    class ClassTool {
      readonly name = 'Classy';
      describeUse(): string {
        return 'from the class';
      }
    }
    const wrapped = withToolOverrides(new ClassTool() as unknown as AnyTool, { name: 'Other' });
    expect(wrapped.name).toBe('Other');
    expect(wrapped.describeUse?.({})).toBe('from the class');
  });

  it('nested memory and read-only sub-agent variants do not build the schema', async () => {
    const { tool, builds } = countedTool('Read');
    const [withMemory] = withNestedMemory([tool], noMemory);
    const readOnly = readOnlyVariant(withMemory!, 'Explore');
    expect(builds()).toBe(0);
    expect(withMemory?.call).not.toBe(tool.call);
    const verdict = await readOnly.validateInput?.({ file_path: 'x' }, {} as never);
    expect(verdict).toMatchObject({ ok: false });
    expect(readOnly.inputSchema.safeParse({}).success).toBe(false);
    expect(builds()).toBe(1);
  });
});
