// Tool calls end to end: real tools on a temp repo, driven by the mock model.
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineKinds, resultOf, scenario, STREAM_JSON, toolResultsSent } from './harness.js';

describe('tools in print mode', () => {
  it('edits a file on disk after reading it (acceptEdits)', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'app.txt' } }] },
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_e',
            name: 'Edit',
            input: { file_path: 'app.txt', old_string: 'colour = red', new_string: 'colour = blue' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'Changed the colour.' }] },
    ]);
    const file = join(s.world.repo, 'app.txt');
    await writeFile(file, 'name = demo\ncolour = red\n');
    const run = await s.run(['make it blue', '-p', '--permission-mode', 'acceptEdits', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('name = demo\ncolour = blue\n');
    const editResult = toolResultsSent(s.mock, 2).find((block) => block.tool_use_id === 'toolu_e');
    expect(editResult?.is_error).toBeFalsy();
    expect(resultOf(run.json())).toMatchObject({ subtype: 'success', result: 'Changed the colour.', num_turns: 3 });
  });

  it('runs Bash when --allowedTools allows it', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'echo made > made.txt && echo ok' } }] },
      { content: [{ type: 'text', text: 'Ran it.' }] },
    ]);
    const run = await s.run(['run it', '-p', '--allowedTools', 'Bash', '--output-format', 'json']);
    expect(run.code).toBe(0);
    expect(await readFile(join(s.world.repo, 'made.txt'), 'utf8')).toBe('made\n');
    const [bashResult] = toolResultsSent(s.mock, 1);
    expect(JSON.stringify(bashResult?.content)).toContain('ok');
    expect(run.json()[0]).toMatchObject({ subtype: 'success', permission_denials: [] });
  });

  it('runs three Reads from one response and answers each', async () => {
    const s = await scenario([
      {
        content: ['a', 'b', 'c'].map((name) => ({
          type: 'tool_use' as const,
          id: `toolu_${name}`,
          name: 'Read',
          input: { file_path: `${name}.txt` },
        })),
      },
      { content: [{ type: 'text', text: 'Read all three.' }] },
    ]);
    await Promise.all(['a', 'b', 'c'].map((name) => writeFile(join(s.world.repo, `${name}.txt`), `content ${name}\n`)));
    const run = await s.run(['read them', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    const results = toolResultsSent(s.mock, 1);
    expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    for (const name of ['a', 'b', 'c']) {
      const block = results.find((result) => result.tool_use_id === `toolu_${name}`);
      expect(JSON.stringify(block?.content)).toContain(`content ${name}`);
    }
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('answers an unknown tool with an error result and carries on', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_x', name: 'NoSuchTool', input: {} }] },
      { content: [{ type: 'text', text: 'That tool does not exist.' }] },
    ]);
    const run = await s.run(['try it', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    const [block] = toolResultsSent(s.mock, 1);
    expect(block).toMatchObject({ tool_use_id: 'toolu_x', is_error: true });
    expect(JSON.stringify(block?.content)).toContain('NoSuchTool');
    expect(resultOf(run.json())).toMatchObject({ subtype: 'success', is_error: false });
  });

  it('answers invalid tool input with an error result', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'Read', input: {} }] },
      { content: [{ type: 'text', text: 'I forgot the path.' }] },
    ]);
    const run = await s.run(['read', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    const [block] = toolResultsSent(s.mock, 1);
    expect(block).toMatchObject({ tool_use_id: 'toolu_bad', is_error: true });
    expect(JSON.stringify(block?.content)).toContain('file_path');
    expect(lineKinds(run.json())).toContain('user');
  });

  it('denies a Write that needs approval and lists it in permission_denials', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'new.txt', content: 'hello\n' } }] },
      { content: [{ type: 'text', text: 'I was not allowed to write.' }] },
    ]);
    const run = await s.run(['write a file', '-p', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(existsSync(join(s.world.repo, 'new.txt'))).toBe(false);
    const [block] = toolResultsSent(s.mock, 1);
    expect(block).toMatchObject({ tool_use_id: 'toolu_w', is_error: true });
    expect(JSON.stringify(block?.content)).toContain('--allowedTools');
    expect(resultOf(run.json())).toMatchObject({
      subtype: 'success',
      is_error: false,
      permission_denials: [{ tool_name: 'Write', tool_use_id: 'toolu_w', tool_input: { file_path: 'new.txt', content: 'hello\n' } }],
    });
  });
});
