// Sub-agents and background shells through the built CLI in print mode, against the mock API.
import { readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeProjectName } from '../../src/sessions/paths.js';
import type { MockTurn, RecordedRequest } from '../support/mockAnthropic.js';
import { lineKinds, resultOf, scenario, STREAM_JSON, toolResultsSent } from './harness.js';
import { isProcessGroupRunning } from '../support/processes.js';

function systemText(req: RecordedRequest): string {
  const system = req.body.system;
  if (typeof system === 'string') return system;
  return (system ?? []).map((block) => block.text).join('\n');
}

function answered(req: RecordedRequest): boolean {
  return JSON.stringify(req.body.messages ?? []).includes('"tool_result"');
}


describe('sub-agents in print mode', () => {
  it('runs an agent from a project file, names the agents in system/init and logs a sidechain', async () => {
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('You count files for a living.')) {
        if (!answered(req)) return { content: [{ type: 'tool_use', name: 'Glob', input: { pattern: '*.txt' } }] };
        return { content: [{ type: 'text', text: 'There are 2 text files.' }] };
      }
      if (!answered(req)) {
        return {
          content: [
            { type: 'tool_use', id: 'toolu_agent', name: 'Task', input: { description: 'Count files', prompt: 'Count the .txt files.', subagent_type: 'counter' } },
          ],
        };
      }
      return { content: [{ type: 'text', text: 'The counter says 2.' }] };
    };
    const s = await scenario([], route);
    await mkdir(join(s.world.repo, '.claude', 'agents'), { recursive: true });
    await writeFile(
      join(s.world.repo, '.claude', 'agents', 'counter.md'),
      '---\nname: counter\ndescription: Counts files\ntools: Glob\n---\nYou count files for a living.\n',
    );
    await writeFile(join(s.world.repo, '.claude', 'agents', 'broken.md'), '---\nname: broken\n---\nNo description.\n');
    await Promise.all(['a.txt', 'b.txt'].map((name) => writeFile(join(s.world.repo, name), 'x\n')));

    const run = await s.run([
      'count them',
      '-p',
      ...STREAM_JSON,
      '--agents',
      JSON.stringify({ quick: { description: 'Answers fast', prompt: 'Be quick.' } }),
    ]);

    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/broken\.md: description/);
    const lines = run.json();
    expect(lines[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(lines[0]?.agents).toEqual(['Explore', 'general-purpose', 'counter', 'quick']);
    // The reference lists the Agent tool as Task in system/init.
    expect(lines[0]?.tools).toContain('Task');
    expect(lineKinds(lines).at(-1)).toBe('result/success');
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', result: 'The counter says 2.' });
    // The sub-agent's own conversation appears as normal lines whose parent is the Task call,
    // between that call and its result.
    const childLines = lines.filter((line) => line.parent_tool_use_id === 'toolu_agent');
    expect(childLines.map((line) => line.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(JSON.stringify(childLines[1])).toContain('"name":"Glob"');
    expect(JSON.stringify(childLines[3])).toContain('There are 2 text files.');
    const callIndex = lines.findIndex((line) => line.parent_tool_use_id === null && JSON.stringify(line).includes('"id":"toolu_agent"'));
    const resultIndex = lines.findIndex((line) => line.parent_tool_use_id === null && JSON.stringify(line).includes('"tool_use_id":"toolu_agent"'));
    expect(callIndex).toBeGreaterThan(-1);
    expect(lines.indexOf(childLines[0] as (typeof lines)[number])).toBeGreaterThan(callIndex);
    expect(lines.indexOf(childLines[3] as (typeof lines)[number])).toBeLessThan(resultIndex);
    const agentResult = toolResultsSent(s.mock, 3).find((block) => block.tool_use_id === 'toolu_agent');
    expect(agentResult?.content).toBe('There are 2 text files.');
    const childRequest = s.mock.requests.find((req) => systemText(req).includes('You count files for a living.'));
    expect((childRequest?.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : ''))).toEqual(['Glob']);
    expect(s.mock.pairingErrors).toEqual([]);

    const sessionId = String(lines[0]?.session_id);
    const subagents = join(s.world.configDir, 'projects', sanitizeProjectName(s.world.repo), sessionId, 'subagents');
    const [logName] = readdirSync(subagents);
    expect(logName).toMatch(/^agent-.+\.jsonl$/);
    const log = (await readFile(join(subagents, logName ?? ''), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log.every((line) => line.isSidechain === true)).toBe(true);
    expect(log.map((line) => line.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
  }, 30_000);
});

describe('background shells in print mode', () => {
  it('starts a shell, reads its output, and ends it after the final result', async () => {
    const route = (req: RecordedRequest): MockTurn => {
      const results = toolResultsIn(req);
      if (results.length === 0) {
        return {
          content: [
            { type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: 'echo "pgid:$$"; echo ready; sleep 30', run_in_background: true } },
          ],
        };
      }
      if (results.length === 1) {
        const id = /id (bash_[0-9a-f]+)/.exec(results[0] ?? '')?.[1] ?? 'missing';
        return { content: [{ type: 'tool_use', id: 'toolu_out', name: 'BashOutput', input: { task_id: id, timeout: 2_000 } }] };
      }
      return { content: [{ type: 'text', text: 'The server is up.' }] };
    };
    const s = await scenario([], route);

    const run = await s.run(['start it', '-p', '--allowedTools', 'Bash', '--output-format', 'json']);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json()[0]).toMatchObject({ subtype: 'success', result: 'The server is up.' });
    const output = toolResultsSent(s.mock, 2).find((block) => block.tool_use_id === 'toolu_out');
    const text = String(output?.content);
    expect(text).toMatch(/: running/);
    expect(text).toContain('ready');
    const pgid = Number(/pgid:(\d+)/.exec(text)?.[1]);
    expect(pgid).toBeGreaterThan(0);
    // Pulse has exited: the background shell (its whole group) went with it.
    expect(isProcessGroupRunning(pgid)).toBe(false);
    const tasks = join(s.world.configDir, 'projects', sanitizeProjectName(s.world.repo), String(run.json()[0]?.session_id), 'tasks');
    expect(readdirSync(tasks).some((name) => name.endsWith('.output'))).toBe(true);
  }, 30_000);
});

function toolResultsIn(req: RecordedRequest): string[] {
  const results: string[] = [];
  for (const message of req.body.messages ?? []) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type !== 'tool_result') continue;
      results.push(typeof block.content === 'string' ? block.content : JSON.stringify(block.content));
    }
  }
  return results;
}
