import { afterEach, describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { LoopEvent } from '../../src/types/messages.js';
import type { PermissionMode, PermissionResult } from '../../src/types/permissions.js';
import type { QueryFn } from '../../src/ui/types.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import {
  aborted,
  assistantText,
  COMPLETED,
  Gate,
  messageDelta,
  messageStart,
  textBlockStart,
  textDelta,
  toolResult,
  toolUse,
} from './loopEvents.js';
import { renderApp } from './renderApp.js';

type Script = (params: QueryParams) => AsyncGenerator<LoopEvent, Terminal>;

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function renderRepl(script: Script) {
  const calls: QueryParams[] = [];
  const query: QueryFn = (params) => {
    calls.push(params);
    return script(params);
  };
  const modes: PermissionMode[] = [];
  const { store, view } = renderApp({
    tools: [BashTool as AnyTool],
    query,
    setPermissionMode: (mode) => modes.push(mode),
  });
  views.push(view);
  await settle();
  const frame = (): string => plain(view.lastFrame());
  const type = async (text: string): Promise<void> => {
    for (const char of text) view.stdin.write(char);
    await waitFor(() => store.getState().draft.text.endsWith(text));
  };
  return { view, store, calls, modes, frame, type };
}

describe('the REPL', () => {
  it('streams an answer: finished lines appear as their newline arrives', async () => {
    const firstLineShown = new Gate();
    const { view, frame, type, calls } = await renderRepl(async function* () {
      yield messageStart();
      yield textBlockStart();
      yield textDelta('Line one of a slow answer.\nLine tw');
      await firstLineShown.opened;
      yield textDelta('o arrives later.\n');
      yield assistantText('Line one of a slow answer.\nLine two arrives later.\n');
      yield messageDelta(12);
      return COMPLETED;
    });

    await type('Give me a slow answer');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('● Line one of a slow answer.'));
    expect(frame()).toContain('> Give me a slow answer');
    expect(frame()).toMatch(/esc to interrupt/);
    firstLineShown.open();
    await waitFor(() => frame().includes('Worked for'));
    expect(frame()).toContain('  Line two arrives later.');
    expect(frame().match(/Line two arrives later/g)).toHaveLength(1);
    expect(calls[0]?.messages.at(-1)).toMatchObject({ type: 'user', message: { content: 'Give me a slow answer' } });
    expect(calls[0]?.source).toBe('repl');
    expect(calls[0]?.systemPrompt).toEqual(['You are a test.']);
  });

  it('Esc aborts the running turn through its signal', async () => {
    let signal: AbortSignal | undefined;
    const { view, frame, type } = await renderRepl(async function* (params) {
      signal = params.context.abortSignal;
      yield messageStart();
      await aborted(params.context.abortSignal);
      return { reason: 'aborted_streaming' };
    });
    await type('long task');
    view.stdin.write(KEYS.enter);
    await waitFor(() => signal !== undefined && frame().includes('esc to interrupt'));
    view.stdin.write(KEYS.escape);
    await waitFor(() => signal?.aborted === true);
    await waitFor(() => frame().includes('Interrupted'));
    expect(frame()).not.toContain('esc to interrupt');
  });

  it('Esc first closes a search open in the prompt, and only then interrupts', async () => {
    let signal: AbortSignal | undefined;
    const { view, frame, type } = await renderRepl(async function* (params) {
      signal = params.context.abortSignal;
      yield messageStart();
      await aborted(params.context.abortSignal);
      return { reason: 'aborted_streaming' };
    });
    await type('long task');
    view.stdin.write(KEYS.enter);
    await waitFor(() => signal !== undefined && frame().includes('esc to interrupt'));
    view.stdin.write('\u0012');
    await waitFor(() => frame().includes('reverse-i-search'));
    view.stdin.write(KEYS.escape);
    await waitFor(() => !frame().includes('reverse-i-search'));
    await settle();
    expect(signal?.aborted).toBe(false);
    view.stdin.write(KEYS.escape);
    await waitFor(() => signal?.aborted === true);
  });

  it('asks permission for a tool call and runs it after "Yes"', async () => {
    let answer: PermissionResult | undefined;
    const { view, frame, type } = await renderRepl(async function* (params) {
      const input = { command: 'ls -la' };
      yield toolUse('toolu_1', 'Bash', input);
      answer = await params.canUseTool({
        tool: BashTool as AnyTool,
        input,
        toolUseId: 'toolu_1',
        context: params.context,
        decision: { behavior: 'ask', message: 'Bash needs approval' },
      });
      yield toolResult('toolu_1', 'total 0', { stdout: 'total 0', stderr: '', exitCode: 0 });
      yield assistantText('Listed.');
      return COMPLETED;
    });
    await type('list files');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Allow Bash(ls -la)?'));
    // While the dialog is open the call is waiting on the person, not running.
    expect(frame()).toContain('Bash(ls -la) waiting for approval');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('● Listed.'));
    expect(answer).toEqual({ behavior: 'allow' });
    expect(frame()).toContain('● Bash(ls -la)');
    expect(frame()).toContain('⎿  total 0');
    expect(frame()).not.toContain('Allow Bash');
  });

  it('queues a prompt typed during a turn and runs it afterwards', async () => {
    const finishFirst = new Gate();
    let turn = 0;
    const { view, frame, type, calls } = await renderRepl(async function* () {
      turn += 1;
      if (turn === 1) await finishFirst.opened;
      yield assistantText(`Answer ${turn}`);
      return COMPLETED;
    });
    await type('first');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('esc to interrupt'));
    await type('second');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('↳ queued: second'));
    finishFirst.open();
    await waitFor(() => frame().includes('● Answer 2'));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user']);
  });

  it('opens the slash menu, completes with Tab and runs /cost', async () => {
    const { view, frame, type, store } = await renderRepl(async function* () {
      return COMPLETED;
    });
    // '/cos' rather than '/co', which /compact and /context also match.
    await type('/cos');
    await waitFor(() => frame().includes('/cost') && frame().includes('what this session has cost'));
    expect(frame()).not.toContain('/help ');
    view.stdin.write(KEYS.tab);
    await waitFor(() => store.getState().draft.text === '/cost ');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Total cost:'));
  });

  it('/help lists the commands', async () => {
    const { view, frame, type } = await renderRepl(async function* () {
      return COMPLETED;
    });
    await type('/help');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Commands:'));
    expect(frame()).toMatch(/\/clear\s+Start over/);
  });

  it('Shift+Tab cycles the permission mode and writes it through the setter', async () => {
    const { view, frame, modes } = await renderRepl(async function* () {
      return COMPLETED;
    });
    view.stdin.write(KEYS.shiftTab);
    await waitFor(() => frame().includes('edits accepted automatically'));
    view.stdin.write(KEYS.shiftTab);
    await waitFor(() => frame().includes('plan mode'));
    view.stdin.write(KEYS.shiftTab);
    await waitFor(() => modes.length === 3);
    expect(modes).toEqual(['acceptEdits', 'plan', 'default']);
    expect(frame()).toContain('shift+tab to cycle');
  });

  it('Ctrl+C clears the draft and warns before exiting', async () => {
    const { view, frame, type, store } = await renderRepl(async function* () {
      return COMPLETED;
    });
    await type('draft text');
    view.stdin.write(KEYS.ctrlC);
    await waitFor(() => frame().includes('Press Ctrl+C again to exit'));
    expect(store.getState().draft.text).toBe('');
  });
});
