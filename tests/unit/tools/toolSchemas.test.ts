// The build sends the built-in tools' JSON Schemas precomputed (scripts/toolSchemas.mjs); they
// must be exactly what the run-time conversion of each tool's zod schema gives.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtInToolInputSchemas } from '../../../scripts/toolSchemas.mjs';
import { zodInputSchema } from '../../../src/tools/apiSchema.js';
import { everyBuiltInTool } from '../../../src/tools/builtinTools.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('precomputed tool input schemas', () => {
  it('equal the run-time conversion for every built-in tool', async () => {
    const precomputed = await builtInToolInputSchemas(root);
    const tools = everyBuiltInTool();
    expect(Object.keys(precomputed).sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(precomputed[tool.name], tool.name).toEqual(zodInputSchema(tool));
    }
  });
});
