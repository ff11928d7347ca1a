// Every built-in tool, whatever the session offers: the build converts their input schemas to
// JSON Schema ahead of time (scripts/toolSchemas.mjs). Built from the registry's own lists, so a
// tool added there is covered; the stand-in catalog and source only switch tools on.
import { createMcpResourceTools, type McpResourceSource } from './mcpResources/index.js';
import { getAllTools } from './registry.js';
import { sessionTools } from './sessionTools.js';
import type { SkillCatalog } from './skill/SkillTool.js';
import type { AnyTool } from './Tool.js';

const ONE_SKILL: SkillCatalog = { entries: [{ name: 'skill', description: 'a skill' }], invoke: async () => undefined };

const NO_RESOURCES: McpResourceSource = {
  listResources: () => [],
  readResourceBlocks: async () => [],
  hasServer: () => false,
};

export function everyBuiltInTool(): AnyTool[] {
  return [
    ...getAllTools({ agents: () => [] }),
    ...sessionTools({ canAskUser: true, skills: ONE_SKILL }),
    ...createMcpResourceTools(NO_RESOURCES),
  ];
}
