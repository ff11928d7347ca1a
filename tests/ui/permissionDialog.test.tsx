import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionRequest } from '../../src/state/store.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import { EditTool } from '../../src/tools/edit/EditTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { PermissionResult } from '../../src/types/permissions.js';
import { PermissionDialog } from '../../src/ui/components/PermissionDialog.js';
import { describePermissionRequest } from '../../src/ui/format/permissionRequest.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulse-dialog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function askFor(tool: AnyTool, input: Record<string, unknown>, suggestions = undefined) {
  const answers: PermissionResult[] = [];
  const request: PermissionRequest = await describePermissionRequest(
    {
      tool,
      input,
      toolUseId: 'toolu_1',
      context: makeToolContext(dir),
      decision: { behavior: 'ask', message: 'needs approval', suggestions },
    },
    (result) => answers.push(result),
  );
  const onCancel = vi.fn();
  const view = render(<PermissionDialog request={request} onCancel={onCancel} />);
  await settle();
  return { view, answers, onCancel, request };
}

const bash = (command: string) => askFor(BashTool as AnyTool, { command });

describe('PermissionDialog', () => {
  it('shows the command and the three answers for Bash', async () => {
    const { view } = await bash('npm test');
    const frame = plain(view.lastFrame());
    expect(frame).toContain('Allow Bash(npm test)?');
    expect(frame).toContain('1. Yes');
    expect(frame).toContain("2. Yes, and don't ask again for Bash(npm test) this session");
    expect(frame).toContain('3. No, and tell Pulse what to do differently');
  });

  it('Enter on the first answer allows once', async () => {
    const { view, answers } = await bash('npm test');
    view.stdin.write(KEYS.enter);
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({ behavior: 'allow' });
  });

  it('"don\'t ask again" allows and adds a session rule', async () => {
    const { view, answers } = await bash('npm test');
    view.stdin.write('2');
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({
      behavior: 'allow',
      updatedPermissions: [
        { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test' }], behavior: 'allow', destination: 'session' },
      ],
    });
  });

  it('uses the tool\'s own rule suggestion when it gives one', async () => {
    const { view, answers } = await askFor(BashTool as AnyTool, { command: 'npm test -- --watch' }, [
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }], behavior: 'allow', destination: 'localSettings' },
    ] as never);
    expect(plain(view.lastFrame())).toContain("don't ask again for Bash(npm test:*) in this project");
    view.stdin.write(KEYS.down);
    await waitFor(() => plain(view.lastFrame()).includes('❯ 2.'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toMatchObject({
      behavior: 'allow',
      // A command rule the engine suggested is remembered for the project (settings.local.json).
      updatedPermissions: [{ rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }], destination: 'localSettings' }],
    });
  });

  it('"No" sends the typed explanation back as the denial message', async () => {
    const { view, answers } = await bash('rm -rf build');
    view.stdin.write('3');
    await waitFor(() => plain(view.lastFrame()).includes('❯ 3.'));
    for (const char of 'use make clean') view.stdin.write(char);
    await waitFor(() => plain(view.lastFrame()).includes('use make clean'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({
      behavior: 'deny',
      message: 'The user declined this Bash call and said: use make clean',
    });
  });

  it('Esc refuses, interrupts and tells the REPL to stop the turn', async () => {
    const { view, answers, onCancel } = await bash('npm test');
    view.stdin.write(KEYS.escape);
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toMatchObject({ behavior: 'deny', interrupt: true });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('previews an Edit as a diff against the file on disk', async () => {
    const file = path.join(dir, 'greet.ts');
    await writeFile(file, 'line one\nconst greeting = "hi";\nline three\n');
    const { view } = await askFor(EditTool as AnyTool, {
      file_path: file,
      old_string: 'const greeting = "hi";',
      new_string: 'const greeting = "hello";',
    });
    const frame = plain(view.lastFrame());
    expect(frame).toContain('2 - const greeting = "hi";');
    expect(frame).toContain('2 + const greeting = "hello";');
    expect(frame).toContain('1   line one');
  });
});
