import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import { EditTool } from '../../src/tools/edit/EditTool.js';
import { ExitPlanModeTool } from '../../src/tools/exitPlanMode/ExitPlanModeTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import { SpinnerLine } from '../../src/ui/components/SpinnerLine.js';
import { TranscriptRow } from '../../src/ui/components/TranscriptRow.js';
import { describeToolResult, toolTitle } from '../../src/ui/format/toolDisplay.js';
import { spinnerText, turnSummaryText } from '../../src/ui/format/spinnerLine.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { plain, settle, waitFor } from './helpers.js';

const editOutput = {
  filePath: '/repo/src/auth.ts',
  oldString: 'return false;',
  newString: 'return token.valid;',
  replaceAll: false,
  structuredPatch: [
    {
      oldStart: 10,
      oldLines: 3,
      newStart: 10,
      newLines: 3,
      lines: [' function check(token) {', '-  return false;', '+  return token.valid;', ' }'],
    },
  ],
};

describe('tool calls in the transcript', () => {
  it('shows the call, the tool\'s summary and a numbered diff', () => {
    const tool = EditTool as AnyTool;
    const title = toolTitle(tool, 'Edit', { file_path: 'src/auth.ts', old_string: 'a', new_string: 'b' });
    const display = describeToolResult(
      tool,
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
      editOutput,
    );
    const { lastFrame } = render(<TranscriptRow item={{ kind: 'tool', id: 't1', title, ...display }} />);
    const frame = plain(lastFrame());
    expect(frame).toContain('● Edit(src/auth.ts)');
    expect(frame).toMatch(/⎿ {2}Updated .*auth\.ts with 1 addition and 1 removal/);
    expect(frame).toContain('10   function check(token) {');
    expect(frame).toContain('11 -   return false;');
    expect(frame).toContain('11 +   return token.valid;');
  });

  it('shows an error result as its first line, without a diff', () => {
    const display = describeToolResult(
      undefined,
      { type: 'tool_result', tool_use_id: 'toolu_2', is_error: true, content: 'File not found: a.ts\nmore detail' },
      undefined,
    );
    expect(display).toEqual({ summary: 'File not found: a.ts', isError: true });
    const { lastFrame } = render(<TranscriptRow item={{ kind: 'tool', id: 't2', title: 'Read(a.ts)', ...display }} />);
    expect(plain(lastFrame())).toContain('⎿  File not found: a.ts');
  });

  it("shows an approved plan whole under its result, and nothing for a result of another shape (a transcript another program wrote)", () => {
    const block = { type: 'tool_result' as const, tool_use_id: 'toolu_3', content: 'The plan was approved.' };
    const display = describeToolResult(ExitPlanModeTool, block, { plan: '1. Move the index\n2. Test it', mode: 'default' });
    expect(display.document).toBe('1. Move the index\n2. Test it');
    const { lastFrame } = render(<TranscriptRow item={{ kind: 'tool', id: 't3', title: 'ExitPlanMode', ...display }} />);
    expect(plain(lastFrame())).toMatch(/Plan approved[\s\S]*1\. Move the index[\s\S]*2\. Test it/);
    for (const foreign of [{ plan: 42 }, { plan: '   ' }, { filePath: '/tmp/plan.md' }]) {
      expect(describeToolResult(ExitPlanModeTool, block, foreign).document).toBeUndefined();
    }
  });

  it('prefixes the first line of an assistant block with a bullet', () => {
    const { lastFrame } = render(
      <TranscriptRow item={{ kind: 'assistant_lines', id: 't3', lines: ['Hello', 'there'], startsBlock: true }} />,
    );
    expect(plain(lastFrame())).toContain('● Hello\n  there');
  });
});

describe('the spinner line', () => {
  it('formats verb, elapsed time, tokens and the interrupt hint', () => {
    expect(spinnerText('Pondering', 3400, 0)).toBe('Pondering… (3s · esc to interrupt)');
    expect(spinnerText('Pondering', 75_000, 1234)).toBe('Pondering… (1m 15s · ↓ 1.2k tokens · esc to interrupt)');
    expect(turnSummaryText(12_000, 80)).toBe('Worked for 12s · ↓ 80 tokens');
  });

  it('renders from the store and lists queued prompts', () => {
    const store = createReplStore();
    store.getState().startRun('Tinkering', 1_000);
    store.getState().setOutputTokens(42);
    store.getState().enqueuePrompt('and then run the tests');
    const { lastFrame } = render(
      <ReplStoreContext.Provider value={store}>
        <SpinnerLine now={() => 6_000} />
      </ReplStoreContext.Provider>,
    );
    const frame = plain(lastFrame());
    expect(frame).toContain('Tinkering… (5s · ↓ 42 tokens · esc to interrupt)');
    expect(frame).toContain('↳ queued: and then run the tests');
  });

  it('shows a new token count with the next second, not with every streamed delta', async () => {
    let clock = 6_000;
    const spinnerWithTick = (store: ReturnType<typeof createReplStore>, tickMs: number) =>
      render(
        <ReplStoreContext.Provider value={store}>
          <SpinnerLine now={() => clock} tickMs={tickMs} />
        </ReplStoreContext.Provider>,
      );
    const store = createReplStore();
    store.getState().startRun('Tinkering', 1_000);
    const slow = spinnerWithTick(store, 60_000);
    await settle();
    store.getState().setOutputTokens(42);
    await settle();
    expect(plain(slow.lastFrame())).toContain('Tinkering… (5s · esc to interrupt)');
    slow.unmount();

    // Streaming: the store's next change after a tick is due moves the glyph on; the count
    // follows once a second, with the seconds.
    const ticking = spinnerWithTick(store, 20);
    store.getState().setOutputTokens(43);
    await settle();
    expect(plain(ticking.lastFrame())).not.toContain('↓ 43 tokens');
    const glyph = (): string => plain(ticking.lastFrame()).trimStart()[0] ?? '';
    const before = glyph();
    clock += 20;
    store.getState().setOutputTokens(44);
    await waitFor(() => glyph() !== before);
    expect(plain(ticking.lastFrame())).not.toContain('↓ 44 tokens');
    clock += 1_000;
    store.getState().setOutputTokens(45);
    await waitFor(() => plain(ticking.lastFrame()).includes('(6s · ↓ 45 tokens'));
    // A quiet spell (nothing changes in the store): the line's own timer moves it on.
    clock += 2_000;
    await waitFor(() => plain(ticking.lastFrame()).includes('(8s'));
    ticking.unmount();
  });

  it('renders nothing when no turn is running', () => {
    const store = createReplStore();
    const { lastFrame } = render(
      <ReplStoreContext.Provider value={store}>
        <SpinnerLine />
      </ReplStoreContext.Provider>,
    );
    expect(plain(lastFrame())).toBe('');
  });
});
