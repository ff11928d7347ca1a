import { describe, expect, it } from 'vitest';
import { assembleToolPool, getAllTools, parseToolsFlag, unknownToolNames } from '../../../src/tools/registry.js';
import type { PermissionRule } from '../../../src/types/permissions.js';

const names = (tools: Array<{ name: string }>) => tools.map((tool) => tool.name);

describe('tool registry', () => {
  it('offers the file tools and Bash by default', () => {
    expect(names(getAllTools())).toEqual(expect.arrayContaining(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash']));
  });

  it('parses --tools: default, none, or a comma/space list', () => {
    expect(parseToolsFlag(undefined)).toBe('default');
    expect(parseToolsFlag(['default'])).toBe('default');
    expect(parseToolsFlag([''])).toEqual([]);
    expect(parseToolsFlag(['Read,Edit', 'Bash'])).toEqual(['Read', 'Edit', 'Bash']);
  });

  it('narrows the pool to the selection and drops tools denied outright', () => {
    const all = getAllTools();
    const rules: PermissionRule[] = [
      { toolName: 'Bash', behavior: 'deny', source: 'cliArg' },
      { toolName: 'Edit', ruleContent: 'secrets/**', behavior: 'deny', source: 'cliArg' },
    ];
    expect(names(assembleToolPool(all, { selection: ['Read', 'Edit', 'Bash'], rules }))).toEqual(['Read', 'Edit']);
    expect(assembleToolPool(all, { selection: [], rules: [] })).toEqual([]);
  });

  it('reports --tools names that match nothing', () => {
    expect(unknownToolNames(getAllTools(), ['Read', 'Teleport'])).toEqual(['Teleport']);
  });
});
