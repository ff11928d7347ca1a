// Resuming tells the model the truth, through the built CLI against the mock (which rejects any
// request whose tool_use/tool_result pairing is off, as the API does): a transcript with a damaged
// tool_use line mid-file is repaired and said to be, and a kill right after an Edit landed resumes
// with the Edit's real result instead of "interrupted".
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf, scenario, STREAM_JSON, toolResultsSent, type Scenario } from './harness.js';

function onlyTranscript(s: Scenario): string {
  const projects = join(s.world.configDir, 'projects');
  const [dir] = readdirSync(projects);
  const [file] = readdirSync(join(projects, dir ?? '')).filter((name) => name.endsWith('.jsonl'));
  return join(projects, dir ?? '', file ?? '');
}

async function waitForFile(path: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

describe('resuming', () => {
  it('repairs a transcript whose tool_use line was damaged mid-file, says so once, and the API accepts it', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'Reading it.' }, { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'notes.txt' } }] },
      { content: [{ type: 'text', text: 'It says remember the milk.' }] },
      { content: [{ type: 'text', text: 'Still the milk.' }] },
    ]);
    writeFileSync(join(s.world.repo, 'notes.txt'), 'remember the milk\n');
    const first = await s.run(['-p', 'what do my notes say?', ...STREAM_JSON]);
    expect(first.code).toBe(0);
    const sessionId = String(resultOf(first.json()).session_id);

    const path = onlyTranscript(s);
    const lines = readFileSync(path, 'utf8').split('\n');
    const callLine = lines.findIndex((line) => line.includes('"type":"tool_use"'));
    expect(callLine).toBeGreaterThan(0);
    expect(callLine).toBeLessThan(lines.length - 2);
    lines[callLine] = `${lines[callLine]?.slice(0, 60)}\u0000\u0000`;
    writeFileSync(path, lines.join('\n'));

    const resumed = await s.run(['-p', 'and now?', '-r', sessionId]);
    expect(s.mock.pairingErrors).toEqual([]);
    expect(resumed).toMatchObject({ code: 0, stdout: 'Still the milk.\n' });
    expect(resumed.stderr).toBe(
      "pulse: warning: the session's transcript was repaired to resume it: skipped 1 damaged line, dropped 1 tool result whose call was lost\n",
    );
    const sent = JSON.stringify(s.mock.requests[2]?.body.messages);
    expect(sent).toContain('what do my notes say?');
    expect(sent).toContain('It says remember the milk.');
    expect(sent).not.toContain('toolu_read');
  });

  it('keeps the result of an Edit that landed just before a kill (during its PostToolUse hook)', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'app.ts' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: 'app.ts', old_string: 'answer = 1', new_string: 'answer = 2' } }] },
    ]);
    const file = join(s.world.repo, 'app.ts');
    writeFileSync(file, 'export const answer = 1;\n');
    const marker = join(s.world.repo, 'hook-running.pid');
    mkdirSync(join(s.world.repo, '.claude'));
    // The hook says it is running (the Edit has landed by then), then holds the session up.
    const hook = { type: 'command', command: `echo $$ > "${marker}.tmp" && mv "${marker}.tmp" "${marker}" && exec sleep 60` };
    writeFileSync(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [hook] }] } }));

    const pulse = s.start(['-p', 'make the answer 2', '--allowedTools', 'Read,Edit', ...STREAM_JSON]);
    try {
      await waitForFile(marker);
      expect(readFileSync(file, 'utf8')).toBe('export const answer = 2;\n');
      pulse.child.kill('SIGKILL');
      expect((await pulse.finished).signal).toBe('SIGKILL');
    } finally {
      if (existsSync(marker)) killQuietly(Number(readFileSync(marker, 'utf8').trim()));
    }

    s.mock.push({ content: [{ type: 'text', text: 'The answer is 2 now.' }] });
    const resumed = await s.run(['-p', 'done?', '--continue']);
    expect(s.mock.pairingErrors).toEqual([]);
    expect(resumed).toMatchObject({ code: 0, stdout: 'The answer is 2 now.\n', stderr: '' });
    const editResult = toolResultsSent(s.mock, 2).find((block) => block.tool_use_id === 'toolu_edit');
    expect(editResult).toMatchObject({ content: `Updated ${file}.` });
    expect(editResult?.is_error).toBeUndefined();
  });
});
