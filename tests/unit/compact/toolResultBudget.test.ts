import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyToolResultBudget,
  PERSISTED_OUTPUT_TAG,
  PREVIEW_SIZE_CHARS,
  toolsByNameOf,
} from '../../../src/compact/toolResultBudget.js';
import type { Message } from '../../../src/types/messages.js';
import { assistant, prompt, round, toolResult, toolResultContents, toolUseBlock } from './fixtures.js';

const tools = toolsByNameOf([
  { name: 'Bash', maxResultSizeChars: 30_000 },
  { name: 'Read', maxResultSizeChars: Infinity },
  { name: 'Glob', maxResultSizeChars: 100_000, aliases: ['Find'] },
]);

/** `size` characters of numbered lines, so previews have line breaks to cut at. */
function lines(size: number, tag = 'line'): string {
  let text = '';
  for (let i = 0; text.length < size; i += 1) text += `${tag} ${i} ${'x'.repeat(60)}\n`;
  return text.slice(0, size);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-budget-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('applyToolResultBudget', () => {
  it('spills a result over its tool limit to a file and leaves a preview with the path', async () => {
    const output = lines(40_000);
    const [use, result] = round('Bash', { command: 'cat big.log' }, output);
    const messages: Message[] = [prompt('look'), use, result];
    const before = JSON.stringify(messages);

    const { messages: next, newReplacements } = applyToolResultBudget(messages, { toolsByName: tools, dir, replacements: new Map() });

    expect(JSON.stringify(messages)).toBe(before);
    expect(newReplacements).toHaveLength(1);
    const toolUseId = newReplacements[0]?.toolUseId ?? '';
    const path = join(dir, `${toolUseId}.txt`);
    expect(await readFile(path, 'utf8')).toBe(output);
    const replaced = toolResultContents(next).get(toolUseId);
    expect(replaced).toBe(newReplacements[0]?.replacement);
    expect(typeof replaced === 'string' && replaced.startsWith(PERSISTED_OUTPUT_TAG)).toBe(true);
    expect(replaced).toContain(path);
    expect(replaced).toContain('39.1 KB');
    const preview = String(replaced).split('Beginning of the output:\n')[1]?.split('\n...\n')[0] ?? '';
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_SIZE_CHARS);
    expect(preview.length).toBeGreaterThan(PREVIEW_SIZE_CHARS / 2);
    expect(output.startsWith(`${preview}\n`)).toBe(true);
  });

  it('caps every tool at 50,000 characters and exempts Infinity', () => {
    const [globUse, globResult] = round('Find', { pattern: '**' }, lines(60_000));
    const [unknownUse, unknownResult] = round('Mystery', {}, lines(60_000));
    const [readUse, readResult] = round('Read', { file_path: '/big' }, lines(300_000));
    const messages: Message[] = [prompt('go'), globUse, globResult, unknownUse, unknownResult, readUse, readResult];
    const { newReplacements, messages: next } = applyToolResultBudget(messages, { toolsByName: tools, dir, replacements: new Map() });
    const spilled = newReplacements.map((r) => r.toolUseId);
    expect(spilled).toHaveLength(2);
    expect(next.at(-1)).toBe(readResult);
  });

  it('spills the largest results of one turn until the turn is under 200,000 characters', () => {
    const sizes = [45_000, 49_000, 46_000, 48_000, 47_000];
    const uses = sizes.map((_, i) => toolUseBlock('Glob', { pattern: `${i}` }, `toolu_par_${i}`));
    const results = sizes.map((size, i) => toolResult(`toolu_par_${i}`, lines(size, `r${i}`)));
    const messages: Message[] = [prompt('search'), assistant(uses), ...results];
    const { newReplacements } = applyToolResultBudget(messages, { toolsByName: tools, dir, replacements: new Map() });
    // 235k in total: spilling the 49k result brings it to 186k.
    expect(newReplacements.map((r) => r.toolUseId)).toEqual(['toolu_par_1']);
  });

  it('re-applies recorded decisions byte for byte without writing again', async () => {
    const build = (): Message[] => {
      const [use, result] = round('Bash', { command: 'make' }, lines(35_000));
      return [prompt('build'), use, result];
    };
    const original = build();
    const first = applyToolResultBudget(original, { toolsByName: tools, dir, replacements: new Map() });
    const replacements = new Map(first.newReplacements.map((r) => [r.toolUseId, r.replacement]));

    const otherDir = join(dir, 'elsewhere');
    const again = applyToolResultBudget(original, { toolsByName: tools, dir: otherDir, replacements });
    expect(again.newReplacements).toEqual([]);
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(first.messages));
    await expect(readdir(otherDir)).rejects.toThrow();

    // Already replaced history comes back as the very same array.
    const settled = applyToolResultBudget(first.messages, { toolsByName: tools, dir, replacements });
    expect(settled.messages).toBe(first.messages);
  });

  it('returns the same array when every result fits', () => {
    const [use, result] = round('Bash', { command: 'ls' }, 'a\nb\n');
    const messages: Message[] = [prompt('list'), use, result];
    const outcome = applyToolResultBudget(messages, { toolsByName: tools, dir, replacements: new Map() });
    expect(outcome.messages).toBe(messages);
    expect(outcome.newReplacements).toEqual([]);
  });
});
