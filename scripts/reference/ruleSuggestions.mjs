#!/usr/bin/env node
// What "don't ask again" would remember for each Bash command of
// tests/fixtures/reference-output/bash-rule-suggestion-commands.json: the CLI runs in SDK mode
// (`--permission-prompt-tool=stdio`, default mode) in a throwaway project against the project's
// mock, whose main loop asks for one Bash call per turn; each can_use_tool request's
// permission_suggestions are recorded and the call is refused, so nothing asked for runs.
// The reference's answers go to bash-rule-suggestions.json beside the command list, which
// tests/unit/permissions/ruleSuggestions.test.ts compares Pulse with; `--pulse` prints where the
// built Pulse (dist/pulse.js) differs instead of writing.
// Usage: node scripts/reference/ruleSuggestions.mjs [--pulse]   (REFERENCE_BIN names another binary)
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadMockAnthropic, mockCliEnv, pulseBin, root } from '../bench/harness.mjs';

const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const FIXTURES = join(root, 'tests/fixtures/reference-output');
const SDK_ARGS = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--permission-prompt-tool=stdio', '--permission-mode=default', '--max-turns=500'];
const comparePulse = process.argv.includes('--pulse');

async function makeProject(home) {
  const project = join(home, 'project');
  await mkdir(join(project, 'x'), { recursive: true });
  await mkdir(join(project, '.git'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'p', scripts: { test: 'true', build: 'true' } }));
  await writeFile(join(project, 'x', 'package.json'), JSON.stringify({ name: 'x', scripts: { test: 'true' } }));
  return project;
}

/** One session: every command in turn; returns command → { asked, suggestions }. */
async function record(cli, scratch, commands, startMockAnthropic) {
  const home = await mkdtemp(join(scratch, 'home-'));
  const project = await makeProject(home);
  let step = 0;
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) => {
      if (!(request.body.tools ?? []).some((tool) => tool.name === 'Bash')) return { content: [{ type: 'text', text: 'ok' }] };
      const command = commands[step];
      const id = `toolu_cmd_${step++}`;
      return command === undefined
        ? { content: [{ type: 'text', text: 'Done.' }] }
        : { content: [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'run it' } }] };
    },
  });
  const child = spawn(cli.command, [...cli.args, ...SDK_ARGS], { cwd: project, env: mockCliEnv(home, mock.url), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const send = (line) => child.stdin.write(`${JSON.stringify(line)}\n`);
  send({ request_id: 'init000001', type: 'control_request', request: { subtype: 'initialize', systemPrompt: [''] } });
  send({ type: 'user', session_id: '', message: { role: 'user', content: [{ type: 'text', text: 'Run the commands.' }] }, parent_tool_use_id: null });
  const asked = new Map();
  for await (const text of createInterface({ input: child.stdout })) {
    if (!text.trim()) continue;
    const line = JSON.parse(text);
    if (line.type === 'control_request' && line.request.subtype === 'can_use_tool') {
      asked.set(line.request.input.command, line.request.permission_suggestions ?? []);
      send({ type: 'control_response', response: { subtype: 'success', request_id: line.request_id, response: { behavior: 'deny', message: 'Not now.' } } });
    }
    if (line.type === 'result') child.stdin.end();
  }
  const code = await new Promise((resolve) => (child.exitCode === null ? child.once('close', resolve) : resolve(child.exitCode)));
  await mock.close();
  if (step <= commands.length) throw new Error(`${cli.name} stopped after ${step} of ${commands.length} commands (exit ${code}): ${stderr.slice(-300)}`);
  const projectPath = (value) => value.split(project).join('<project>');
  return Object.fromEntries(commands.map((command) => {
    const suggestions = asked.get(command);
    return [command, suggestions === undefined ? { asked: false } : { asked: true, suggestions: JSON.parse(projectPath(JSON.stringify(suggestions))) }];
  }));
}

const scratch = await mkdtemp(join(tmpdir(), 'reference-rule-suggestions-'));
try {
  const { startMockAnthropic } = await loadMockAnthropic(scratch);
  const { commands } = JSON.parse(await readFile(join(FIXTURES, 'bash-rule-suggestion-commands.json'), 'utf8'));
  const reference = await record({ name: 'reference', command: REFERENCE, args: [] }, scratch, commands, startMockAnthropic);
  if (comparePulse) {
    const pulse = await record({ name: 'pulse', command: process.execPath, args: [pulseBin()] }, scratch, commands, startMockAnthropic);
    for (const command of commands) {
      const [theirs, ours] = [JSON.stringify(reference[command]), JSON.stringify(pulse[command])];
      console.log(`${theirs === ours ? 'same' : 'DIFF'} ${JSON.stringify(command)}\n  reference ${theirs}${theirs === ours ? '' : `\n  pulse     ${ours}`}`);
    }
  } else {
    const version = await new Promise((resolve) => {
      const child = spawn(REFERENCE, ['--version'], { env: { PATH: process.env.PATH, HOME: scratch } });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.once('close', () => resolve(out.trim()));
    });
    const out = { recordedWith: `${version} against tests/support/mockAnthropic.ts: ${SDK_ARGS.join(' ')}, every call refused`, commands: reference };
    await writeFile(join(FIXTURES, 'bash-rule-suggestions.json'), `${JSON.stringify(out, null, 1)}\n`);
    for (const command of commands) console.log(`${JSON.stringify(command)} → ${JSON.stringify(reference[command])}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
