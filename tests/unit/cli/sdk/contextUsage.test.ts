// get_context_usage answers with /context's numbers in the SDK's shape.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextUsage } from '../../../../src/cli/sdk/contextUsage.js';
import { measureContext, type ContextParts } from '../../../../src/commands/context.js';
import { estimateTextTokens } from '../../../../src/compact/tokens.js';
import { formatMemoryForPrompt } from '../../../../src/memory/index.js';
import type { AnyTool } from '../../../../src/tools/Tool.js';

const memoryFiles = [{ path: '/p/CLAUDE.md', type: 'project' as const, content: 'Use pnpm. '.repeat(100) }];
const echoTool = {
  name: 'Echo',
  inputSchema: z.object({ text: z.string() }),
  prompt: async () => 'Repeats the text it is given.',
} as unknown as AnyTool;

const parts: ContextParts = {
  model: 'claude-sonnet-4-6',
  systemPrompt: ['You are Pulse.', formatMemoryForPrompt(memoryFiles)],
  memoryFiles,
  tools: [echoTool],
  messages: [
    { type: 'user', uuid: 'u1', timestamp: new Date(0).toISOString(), message: { role: 'user', content: 'Fix the test.' } },
  ],
};

describe('get_context_usage', () => {
  it('reports the same categories and totals as /context, with the SDK’s ids and colours', async () => {
    const breakdown = await measureContext(parts);
    const usage = await contextUsage(parts);
    expect(usage.totalTokens).toBe(breakdown.usedTokens);
    expect(usage.maxTokens).toBe(200_000);
    expect(usage.categories).toEqual(
      breakdown.categories.map((category) => expect.objectContaining({ id: category.id, name: category.name, tokens: category.tokens })),
    );
    expect(usage.categories).toContainEqual(expect.objectContaining({ id: 'messages', color: 'purple' }));
    expect(usage.memoryFiles).toEqual([
      { path: '/p/CLAUDE.md', type: 'project', tokens: estimateTextTokens(memoryFiles[0]!.content) },
    ]);
    expect(usage.isAutoCompactEnabled).toBe(true);
    expect(usage.percentage).toBe(Math.round((breakdown.usedTokens / 200_000) * 1000) / 10);
  });
});
