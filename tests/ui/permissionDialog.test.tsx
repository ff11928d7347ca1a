import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvePermission } from '../../src/permissions/resolve.js';
import type { PermissionRequest } from '../../src/state/store.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import { EditTool } from '../../src/tools/edit/EditTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { PermissionResult } from '../../src/types/permissions.js';
import { PermissionDialog } from '../../src/ui/components/PermissionDialog.js';
import { describePermissionRequest, type AskRequest } from '../../src/ui/format/permissionRequest.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulse-dialog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the permission engine asks for this call (it must ask). */
async function engineAsk(tool: AnyTool, input: Record<string, unknown>, context: AskRequest['context']): Promise<AskRequest['decision']> {
  const decision = await resolvePermission(tool, input, context);
  if (decision.behavior !== 'ask') throw new Error(`expected the engine to ask, it answered ${decision.behavior}`);
  return decision;
}

async function askFor(tool: AnyTool, input: Record<string, unknown>, decision?: AskRequest['decision']) {
  const answers: PermissionResult[] = [];
  const context = makeToolContext(dir);
  const request: PermissionRequest = await describePermissionRequest(
    {
      tool,
      input,
      toolUseId: 'toolu_1',
      context,
      decision: decision ?? (await engineAsk(tool, input, context)),
    },
    (result) => answers.push(result),
  );
  const onCancel = vi.fn();
  const view = render(<PermissionDialog request={request} onCancel={onCancel} />);
  await settle();
  return { view, answers, onCancel, request };
}

/** The dialog for a Bash call, with what the permission engine decided for it. */
const bash = (command: string) => askFor(BashTool as AnyTool, { command });

describe('PermissionDialog', () => {
  it('shows the command and the three answers for Bash, naming the rule it would keep', async () => {
    const { view } = await bash('npm test');
    const frame = plain(view.lastFrame());
    expect(frame).toContain('Allow Bash(npm test)?');
    expect(frame).toContain('1. Yes');
    expect(frame).toContain("2. Yes, and don't ask again for Bash(npm test *) in this project");
    expect(frame).toContain('3. No, and tell Pulse what to do differently');
  });

  it('Enter on the first answer allows once', async () => {
    const { view, answers } = await bash('npm test');
    view.stdin.write(KEYS.enter);
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({ behavior: 'allow' });
  });

  it('"don\'t ask again" allows and keeps the engine\'s rule for the project', async () => {
    const { view, answers } = await bash('npm test');
    view.stdin.write('2');
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toEqual({
      behavior: 'allow',
      updatedPermissions: [
        { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow', destination: 'localSettings' },
      ],
    });
  });

  it('says "this exact command" when the rule is the whole command line', async () => {
    const { view, answers } = await bash('npm test > test.log');
    expect(plain(view.lastFrame())).toContain("2. Yes, and don't ask again for this exact command in this project");
    view.stdin.write('2');
    await waitFor(() => answers.length === 1);
    expect(answers[0]).toMatchObject({ updatedPermissions: [{ rules: [{ toolName: 'Bash', ruleContent: 'npm test > test.log' }] }] });
  });

  it('offers only "Yes" and "No" when no rule is safe to keep', async () => {
    for (const command of ["cat > notes.txt <<'EOF'\nhello\nEOF", 'rm $(ls)']) {
      const { view, answers, request } = await bash(command);
      const frame = plain(view.lastFrame());
      expect(request.ruleSuggestion).toBeUndefined();
      expect(frame).toContain('1. Yes');
      expect(frame).toContain('2. No, and tell Pulse what to do differently');
      expect(frame).not.toContain("don't ask again");
      view.stdin.write('2');
      await waitFor(() => plain(view.lastFrame()).includes('❯ 2.'));
      for (const char of 'not now') view.stdin.write(char);
      await waitFor(() => plain(view.lastFrame()).includes('not now'));
      view.stdin.write(KEYS.enter);
      await waitFor(() => answers.length === 1);
      expect(answers[0]).toEqual({ behavior: 'deny', message: 'The user declined this Bash call and said: not now' });
      view.unmount();
    }
  });

  it('uses the tool\'s own rule suggestion when it gives one', async () => {
    const { view, answers } = await askFor(BashTool as AnyTool, { command: 'npm test -- --watch' }, {
      behavior: 'ask',
      message: 'needs approval',
      suggestions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }], behavior: 'allow', destination: 'localSettings' }],
    });
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
