// Print mode end to end: the built CLI against the mock Messages API.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorld, runPulse } from '../support/runPulse.js';
import { lineKinds, resultOf, scenario, STREAM_JSON, toolResultsSent } from './harness.js';

describe('print mode', () => {
  it('reads a file, then answers (stream-json shapes)', async () => {
    const s = await scenario([
      {
        content: [
          { type: 'text', text: "I'll read the file." },
          { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'hello.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'The secret word is PAPAYA.' }] },
    ]);
    await writeFile(join(s.world.repo, 'hello.txt'), 'Hello.\nThe secret word is PAPAYA.\n');
    const run = await s.run(['What is the secret word in hello.txt?', '-p', ...STREAM_JSON]);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.json();
    expect(lineKinds(lines)).toEqual(['system/init', 'assistant', 'assistant', 'user', 'assistant', 'result/success']);
    const [init, , toolUse, toolResult] = lines;
    expect(init).toMatchObject({
      type: 'system',
      subtype: 'init',
      cwd: s.world.repo,
      permissionMode: 'default',
      apiKeySource: 'ANTHROPIC_API_KEY',
      mcp_servers: [],
      output_style: 'default',
    });
    expect(init?.tools).toEqual(expect.arrayContaining(['Read', 'Edit', 'Write', 'Bash']));
    expect(toolUse).toMatchObject({
      type: 'assistant',
      parent_tool_use_id: null,
      session_id: init?.session_id,
      message: { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read' }] },
    });
    expect(toolResult).toMatchObject({
      type: 'user',
      parent_tool_use_id: null,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_read' }] },
    });
    expect(toolResult?.tool_use_result).toBeDefined();
    expect(typeof toolResult?.timestamp).toBe('string');
    expect(resultOf(lines)).toMatchObject({
      subtype: 'success',
      is_error: false,
      num_turns: 2,
      result: 'The secret word is PAPAYA.',
      session_id: init?.session_id,
      permission_denials: [],
      terminal_reason: 'completed',
    });
    expect(JSON.stringify(toolResultsSent(s.mock, 1))).toContain('PAPAYA');
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('prints only the answer in text mode', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'done.' }] }]);
    const run = await s.run(['say done', '-p']);
    expect(run).toMatchObject({ code: 0, stdout: 'done.\n', stderr: '' });
  });

  it('prints the result object alone in json mode', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'done.' }] }]);
    const run = await s.run(['say done', '-p', '--output-format', 'json']);
    expect(run.code).toBe(0);
    const lines = run.json();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'result', subtype: 'success', result: 'done.', num_turns: 1 });
    expect(lines[0]?.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
  });

  it('takes the prompt from stdin', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'got it' }] }]);
    const run = await s.run(['-p'], { stdin: 'the piped question\n' });
    expect(run).toMatchObject({ code: 0, stdout: 'got it\n' });
    expect(JSON.stringify(s.mock.requests[0]?.body.messages)).toContain('the piped question');
  });

  it('attaches piped stdin to a prompt argument', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'summarised' }] }]);
    const run = await s.run(['summarise this', '-p'], { stdin: 'line one\nline two\n' });
    expect(run.code).toBe(0);
    const sent = JSON.stringify(s.mock.requests[0]?.body.messages);
    expect(sent).toContain('summarise this');
    expect(sent).toContain('<stdin>\\nline one\\nline two\\n</stdin>');
  });
});

describe('start-up errors', () => {
  it('stops with one line and nothing on stdout when no API key is set', async () => {
    const world = await createWorld();
    try {
      const run = await runPulse(['hi', '-p'], { world, apiKey: null, baseUrl: 'http://127.0.0.1:9' });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^pulse: error: .*ANTHROPIC_API_KEY/);
    } finally {
      await world.cleanup();
    }
  });

  it.each([
    [['hi', '-p', '--max-turns', 'abc'], /--max-turns/],
    [['hi', '-p', '--permission-mode', 'bogus'], /--permission-mode/],
    [['hi', '-p', '--output-format', 'stream-json'], /--verbose/],
    [['hi', '-p', '--continue'], /no conversation to continue/],
    [['hi', '-p', '--permission-prompt-tool', 'mcp__auth__ask'], /not supported yet/],
  ])('rejects %j with one line on stderr', async (args, pattern) => {
    const world = await createWorld();
    try {
      const run = await runPulse(args, { world });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const stderrLines = run.stderr.trim().split('\n');
      expect(stderrLines).toHaveLength(1);
      expect(stderrLines[0]).toMatch(/^pulse: error: /);
      expect(stderrLines[0]).toMatch(pattern);
    } finally {
      await world.cleanup();
    }
  });

  it('answers --version and --help', async () => {
    const world = await createWorld();
    try {
      const version = await runPulse(['--version'], { world });
      expect(version.code).toBe(0);
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\S* \(Pulse\)\n$/);
      const help = await runPulse(['--help'], { world });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--output-format');
      expect(help.stdout).toContain('--allowedTools');
    } finally {
      await world.cleanup();
    }
  });
});

describe('a closed stdout', () => {
  it('ends quietly when the reader goes away', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'nobody reads this' }] }]);
    const pulse = s.start(['hi', '-p', ...STREAM_JSON]);
    pulse.child.stdout?.destroy();
    const run = await pulse.finished;
    expect(run.stderr).toBe('');
    expect(run.signal).toBeNull();
    expect(run.code).toBe(0);
  });
});
