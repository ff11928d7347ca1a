// The REPL's built-in /model, /context, /permissions and /status as a person uses them: typed into
// the prompt, answered in the transcript, and (for /model) felt by the next turn.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/commands/status.js';
import { applyPermissionUpdates } from '../../src/permissions/updates.js';
import type { QueryParams } from '../../src/query/deps.js';
import { session } from '../../src/state/session.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { ToolPermissionContext } from '../../src/types/permissions.js';
import type { AppProps } from '../../src/ui/App.js';
import type { QueryFn } from '../../src/ui/types.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { assistantText, COMPLETED, messageStart } from './loopEvents.js';
import { renderApp } from './renderApp.js';

let dir: string;
const savedClaudeDir = process.env.CLAUDE_CONFIG_DIR;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-repl-commands-'));
  // Memory files are measured by /context; keep the person's own out of the test.
  process.env.CLAUDE_CONFIG_DIR = dir;
});
afterAll(async () => {
  if (savedClaudeDir === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedClaudeDir;
  await rm(dir, { recursive: true, force: true });
});

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function renderRepl(extra: Partial<AppProps['options']> = {}) {
  const calls: QueryParams[] = [];
  const query: QueryFn = async function* (params) {
    calls.push(params);
    yield messageStart();
    yield assistantText('Done.');
    return COMPLETED;
  };
  let permissions: ToolPermissionContext = {
    mode: 'default',
    rules: [
      { toolName: 'WebFetch', behavior: 'deny', source: 'session' },
      { toolName: 'Bash', ruleContent: 'npm test:*', behavior: 'allow', source: 'session' },
    ],
    workingDirectories: [dir],
  };
  const context = makeToolContext(dir, {
    getPermissionContext: () => permissions,
    updatePermissions: async (updates) => {
      permissions = applyPermissionUpdates(permissions, updates);
    },
    options: { model: 'claude-opus-4-6', isNonInteractive: false, verbose: false, env: {} },
  });
  const { store, view } = renderApp({
    tools: [BashTool as AnyTool],
    context,
    query,
    cwd: dir,
    ...extra,
  });
  views.push(view);
  await settle();
  const frame = (): string => plain(view.lastFrame());
  const send = async (text: string): Promise<void> => {
    for (const char of text) view.stdin.write(char);
    await waitFor(() => store.getState().draft.text === text);
    view.stdin.write(KEYS.enter);
    await waitFor(() => store.getState().draft.text === '');
  };
  return { view, store, calls, frame, send, rules: () => permissions.rules };
}

describe('REPL built-in commands', () => {
  it('/model opens the picker, and a switch is what the next turn asks for', async () => {
    const { view, calls, frame, send } = await renderRepl();
    await send('/model');
    await waitFor(() => frame().includes('Choose the model'));
    expect(frame()).toMatch(/❯ claude-opus-4-6\s+.*✔ in use/);
    // The list opens on the model in use, wherever it is in the list.
    expect(frame()).toMatch(/\(\d+ of \d+\)/);
    // A key written before the picker reads keys is lost, so Esc is pressed until the picker goes.
    await waitFor(() => {
      if (frame().includes('Choose the model')) view.stdin.write(KEYS.escape);
      return frame().includes('Kept claude-opus-4-6.');
    });

    await send('/model haiku');
    await waitFor(() => frame().includes('Model set to claude-haiku-5-5 (from "haiku")'));
    expect(session.model).toBe('claude-haiku-5-5');

    await send('hello');
    await waitFor(() => calls.length === 1);
    expect(calls[0]?.context.options.model).toBe('claude-haiku-5-5');

    await send('/model vendor/some-model');
    await waitFor(() => frame().includes('Pulse does not know this id'));
    await waitFor(() => frame().includes('Done.'));
    await send('again');
    await waitFor(() => calls.length === 2);
    expect(calls[1]?.context.options.model).toBe('vendor/some-model');
  });

  it('/context draws the grid with a row per category', async () => {
    const { frame, send } = await renderRepl();
    await send('/context');
    await waitFor(() => frame().includes('Context usage'));
    expect(frame()).toMatch(/claude-opus-4-6 · [\d.]+k?\/200\.0k tokens/);
    for (const name of ['System prompt', 'Tools', 'Memory files', 'Messages', 'Free space', 'Autocompact buffer']) {
      expect(frame()).toContain(`${name}: `);
    }
    expect(frame()).toContain('⛶');
  });

  it('/permissions lists the live rules and removes one from the live context', async () => {
    const { frame, send, rules } = await renderRepl();
    await send('/permissions');
    await waitFor(() => frame().includes('1. WebFetch  (session)'));
    expect(frame()).toContain('2. Bash(npm test:*)  (session)');

    await send('/permissions remove Bash(npm test:*)');
    await waitFor(() => frame().includes('Removed allow rule Bash(npm test:*)'));
    expect(rules().map((rule) => rule.toolName)).toEqual(['WebFetch']);

    await send('/permissions add allow Read');
    await waitFor(() => frame().includes('Added allow rule Read'));
    expect(rules().at(-1)).toMatchObject({ toolName: 'Read', behavior: 'allow', source: 'localSettings' });
  });

  it('/status shows the CLI report and never a key', async () => {
    const savedKey = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = 'sk-test-never-shown';
    const report: StatusReport = {
      version: '9.9.9',
      sessionId: 'abc-123',
      cwd: dir,
      model: 'claude-opus-4-6',
      permissionMode: 'default',
      apiBaseUrl: 'http://127.0.0.1:1',
      credentialSource: 'ANTHROPIC_API_KEY',
      settingSources: [],
      memoryFiles: [],
      mcpServers: [],
      toolCount: 1,
    };
    const { frame, send } = await renderRepl({ statusReport: async () => report });
    await send('/status');
    await waitFor(() => frame().includes('Session:          abc-123'));
    expect(frame()).toContain('Credential:       ANTHROPIC_API_KEY env');
    expect(frame()).not.toContain('sk-test-never-shown');
    if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = savedKey;
  });
});
