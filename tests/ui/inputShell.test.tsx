import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { Message } from '../../src/types/messages.js';
import type { PermissionRule } from '../../src/types/permissions.js';
import { shellMessages, shellTranscriptText } from '../../src/ui/input/shellMode.js';
import type { QueryFn } from '../../src/ui/types.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { assistantText, COMPLETED } from './loopEvents.js';
import { renderApp } from './renderApp.js';

const views: Array<{ unmount: () => void }> = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const view of views.splice(0)) view.unmount();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const textOf = (message: Message): string => {
  if (message.type !== 'user') return '';
  const { content } = message.message;
  return typeof content === 'string' ? content : content.map((block) => (block.type === 'text' ? block.text : '')).join('');
};

async function renderShellRepl(rules: PermissionRule[] = []) {
  const cwd = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-shell-mode-')));
  dirs.push(cwd);
  const calls: QueryParams[] = [];
  const query: QueryFn = async function* (params) {
    calls.push(params);
    yield assistantText('Seen it.');
    return COMPLETED;
  };
  const context = makeToolContext(cwd, {
    getPermissionContext: () => ({ mode: 'default', rules, workingDirectories: [cwd] }),
  });
  const { store, view } = renderApp({ context, query });
  views.push(view);
  await settle();
  const frame = (): string => plain(view.lastFrame());
  const type = async (text: string): Promise<void> => {
    for (const char of text) view.stdin.write(char);
    await waitFor(() => store.getState().draft.text.endsWith(text));
  };
  return { view, store, calls, cwd, context, frame, type };
}

describe('! shell mode', () => {
  it('marks the prompt with ! while the text starts with it', async () => {
    const { type, frame } = await renderShellRepl();
    await type('!ls -la');
    await waitFor(() => frame().includes('! ls -la'));
    expect(frame()).not.toContain('> !ls');
  });

  it('runs the command in the cwd, shows its output, and the next turn carries it as context', async () => {
    const { view, type, frame, store, calls, cwd } = await renderShellRepl();
    await type('!pwd; echo made > out.txt; echo oops >&2');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes(`⎿  ${cwd}`));
    expect(frame()).toMatch(/^\s+oops$/m);
    expect(await readFile(path.join(cwd, 'out.txt'), 'utf8')).toBe('made\n');
    await waitFor(() => store.getState().messages.length === 2);
    const [input, output] = store.getState().messages.map(textOf);
    expect(input).toBe('<bash-input>pwd; echo made > out.txt; echo oops >&2</bash-input>');
    expect(output).toContain('<bash-stdout>');
    expect(output).toContain(cwd);
    expect(output).toContain('oops');
    expect(calls).toHaveLength(0);

    await type('what did that print?');
    view.stdin.write(KEYS.enter);
    await waitFor(() => calls.length === 1);
    const sent = calls[0]!.messages.map(textOf);
    expect(sent[0]).toContain('<bash-input>pwd;');
    expect(sent[1]).toContain(cwd);
    expect(sent[2]).toBe('what did that print?');
  });

  it('reports a failing command with its exit code, to the screen and the model', async () => {
    const { view, type, frame, store } = await renderShellRepl();
    await type('!echo nope; exit 3');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Exit code 3'));
    await waitFor(() => store.getState().messages.length === 2);
    expect(textOf(store.getState().messages[1]!)).toBe('<bash-stdout>nope</bash-stdout><bash-stderr>Exit code 3</bash-stderr>');
  });

  it('refuses a command a Bash deny rule covers, and runs nothing', async () => {
    const deny: PermissionRule = { toolName: 'Bash', ruleContent: 'touch:*', behavior: 'deny', source: 'projectSettings' };
    const { view, type, frame, store, cwd } = await renderShellRepl([deny]);
    await type('!touch forbidden.txt');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Not run: Bash(touch:*) is denied'));
    await expect(readFile(path.join(cwd, 'forbidden.txt'), 'utf8')).rejects.toThrow();
    expect(store.getState().messages).toEqual([]);
  });

  it('moves the session with cd, as the Bash tool does', async () => {
    const { view, type, store, context, cwd } = await renderShellRepl();
    await type('!mkdir -p sub && cd sub');
    view.stdin.write(KEYS.enter);
    await waitFor(() => store.getState().messages.length === 2);
    expect(context.getCwd()).toBe(path.join(cwd, 'sub'));
  });

  it('stops a running command on Esc; a prompt typed meanwhile waits, then runs with the output', async () => {
    const { view, type, frame, store, calls, cwd } = await renderShellRepl();
    // The marker file appears only after `started` is written, so Esc never beats the output.
    await type('!echo started; touch ready; sleep 30');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Running…'));
    await waitFor(() => existsSync(path.join(cwd, 'ready')));
    await type('and then?');
    view.stdin.write(KEYS.enter);
    await waitFor(() => store.getState().queuedPrompts.length === 1);
    expect(calls).toHaveLength(0);

    view.stdin.write(KEYS.escape);
    await waitFor(() => frame().includes('Command was interrupted.'));
    await waitFor(() => calls.length === 1);
    const sent = calls[0]!.messages.map(textOf);
    expect(sent[1]).toBe('<bash-stdout>started</bash-stdout><bash-stderr>Command was interrupted.</bash-stderr>');
    expect(sent[2]).toBe('and then?');
  });

  it('keeps long output whole for the model and shows only its last lines', () => {
    const output = Array.from({ length: 50 }, (_, line) => `row ${line + 1}`).join('\n');
    const result = { command: 'seq', output, exitCode: 0, interrupted: false, timedOut: false, cwd: '/x' };
    const shown = shellTranscriptText(result);
    expect(shown).toContain('… 30 earlier lines');
    expect(shown).toContain('row 50');
    expect(shown).not.toContain('row 30\n');
    expect(textOf(shellMessages(result)[1]!)).toContain('row 1\nrow 2\n');
  });
});
