import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextCommand, formatContextGrid, gridCells, measureContext, type ContextParts } from '../../../src/commands/context.js';
import { estimateMessagesTokens, estimateTextTokens } from '../../../src/compact/tokens.js';
import { formatMemoryForPrompt } from '../../../src/memory/index.js';
import type { AnyTool } from '../../../src/tools/Tool.js';
import type { Message } from '../../../src/types/messages.js';
import { stripAnsi } from '../../../src/ui/markdown/ansi.js';
import { fakeCommandContext } from './fakeContext.js';

const memoryFiles = [{ path: '/p/CLAUDE.md', type: 'project' as const, content: 'Always run the tests. '.repeat(200) }];
const memoryText = formatMemoryForPrompt(memoryFiles);

const echoTool = {
  name: 'Echo',
  inputSchema: z.object({ text: z.string() }),
  prompt: async () => 'Repeats the text it is given. '.repeat(50),
} as unknown as AnyTool;

const messages: Message[] = [
  {
    type: 'user',
    uuid: 'u1',
    timestamp: new Date(0).toISOString(),
    message: { role: 'user', content: 'Please look at the failing test. '.repeat(100) },
  },
];

const parts: ContextParts = {
  model: 'claude-sonnet-4-6',
  systemPrompt: ['You are Pulse, a coding agent.', memoryText],
  memoryFiles,
  tools: [echoTool],
  messages,
};

const ENV = {};

describe('/context', () => {
  it('splits the request into categories with the context layers’ estimator', async () => {
    const breakdown = await measureContext(parts, ENV);
    const byName = Object.fromEntries(breakdown.categories.map((category) => [category.name, category.tokens]));
    expect(byName['Memory files']).toBe(estimateTextTokens(memoryText));
    expect(byName['Messages']).toBe(estimateMessagesTokens(messages));
    // The memory text is not counted twice: the system prompt is what is left without it.
    expect(byName['System prompt']).toBe(estimateTextTokens(['You are Pulse, a coding agent.', ''].join('\n\n')));
    expect(byName['Tools']).toBeGreaterThan(estimateTextTokens('Repeats the text it is given. '.repeat(50)));
    expect(breakdown.windowTokens).toBe(200_000);
    const total = breakdown.categories.reduce((sum, category) => sum + category.tokens, 0);
    expect(total).toBe(200_000);
    expect(byName['Autocompact buffer']).toBeGreaterThan(0);
  });

  it('follows the API-reported count once there is one: the conversation is what it holds beyond the fixed parts', async () => {
    const answered: Message = {
      type: 'assistant',
      uuid: 'a1',
      timestamp: new Date(0).toISOString(),
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-6',
        content: [{ type: 'text', text: 'Looking.' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 60_000, output_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    } as Message;
    const breakdown = await measureContext({ ...parts, messages: [...messages, answered] }, ENV);
    expect(breakdown.usedTokens).toBe(60_100);
    const fixed = breakdown.categories
      .filter((category) => ['System prompt', 'Tools', 'Memory files'].includes(category.name))
      .reduce((sum, category) => sum + category.tokens, 0);
    expect(breakdown.categories.find((category) => category.name === 'Messages')?.tokens).toBe(60_100 - fixed);
  });

  it('has no buffer when auto-compaction is off, and honours PULSE_CONTEXT_WINDOW', async () => {
    const breakdown = await measureContext(parts, { PULSE_DISABLE_AUTO_COMPACT: '1', PULSE_CONTEXT_WINDOW: '50000' });
    expect(breakdown.windowTokens).toBe(50_000);
    expect(breakdown.categories.find((category) => category.name === 'Autocompact buffer')?.tokens).toBe(0);
  });

  it('draws 100 cells: used categories first, free space, the buffer last', async () => {
    const breakdown = await measureContext(parts, ENV);
    const cells = gridCells(breakdown);
    expect(cells).toHaveLength(100);
    expect(cells[0]?.kind).toBe('used');
    expect(cells.at(-1)?.name).toBe('Autocompact buffer');
    // Every category in use gets at least one cell, however small.
    for (const name of ['System prompt', 'Tools', 'Memory files', 'Messages']) {
      expect(cells.some((cell) => cell.name === name)).toBe(true);
    }
    const kinds = cells.map((cell) => cell.kind).join('');
    expect(kinds).toMatch(/^(used)+(free)+(buffer)+$/);
  });

  it('prints a coloured 10x10 grid with counts and percentages beside it', async () => {
    const { ctx, printed } = fakeCommandContext({ contextParts: async () => parts });
    await contextCommand.run(ctx, '');
    const text = printed[0] ?? '';
    expect(text).toContain('\u001B[');
    const lines = stripAnsi(text).split('\n');
    expect(lines[0]).toBe('Context usage');
    const gridRows = lines.slice(1).map((line) => line.slice(0, 19));
    expect(gridRows).toHaveLength(10);
    for (const row of gridRows) expect(row).toMatch(/^([⛁⛶⛀] ){9}[⛁⛶⛀]$/);
    const plain = stripAnsi(text);
    expect(plain).toContain('claude-sonnet-4-6 · ');
    expect(plain).toMatch(/Messages: [\d.]+k? tokens \(\d+\.\d%\)/);
    expect(plain).toMatch(/Free space: [\d.]+k tokens \(\d+\.\d%\)/);
    expect(plain).toMatch(/Autocompact buffer: [\d.]+k tokens \(\d+\.\d%\)/);
  });

  it('a grid of nothing used is all free space and buffer', () => {
    const text = stripAnsi(
      formatContextGrid({
        model: 'm',
        windowTokens: 1000,
        usedTokens: 0,
        categories: [
          { id: 'messages', name: 'Messages', tokens: 0, kind: 'used', color: 35 },
          { id: 'free_space', name: 'Free space', tokens: 900, kind: 'free', color: 90 },
          { id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: 100, kind: 'buffer', color: 34 },
        ],
      }),
    );
    expect((text.match(/⛶/g) ?? []).length).toBe(91);
    expect((text.match(/⛀/g) ?? []).length).toBe(11);
  });
});
