// Plan mode's approval in the REPL: ExitPlanMode's question shows the plan; approving switches
// the mode (auto-accept edits, or back to the mode before planning); "keep planning" sends the
// feedback to the model and leaves plan mode on. Also the question dialog and the todo panel.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import { createReplStore } from '../../src/state/store.js';
import { AskUserQuestionTool } from '../../src/tools/askUser/AskUserQuestionTool.js';
import { ExitPlanModeTool } from '../../src/tools/exitPlanMode/ExitPlanModeTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { LoopEvent } from '../../src/types/messages.js';
import type { PermissionMode, PermissionResult } from '../../src/types/permissions.js';
import { App } from '../../src/ui/App.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { assistantText, COMPLETED, toolUse } from './loopEvents.js';

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const PLAN = '1. Add the parser\n2. Test it';

async function renderAsking(tool: AnyTool, input: Record<string, unknown>, startMode: PermissionMode) {
  let mode: PermissionMode = startMode;
  const modes: PermissionMode[] = [];
  const answers: PermissionResult[] = [];
  const store = createReplStore({ permissionMode: startMode });
  const context = makeToolContext(process.cwd(), {
    getPermissionContext: () => ({ mode, prePlanMode: 'default', rules: [], workingDirectories: [process.cwd()] }),
  });
  const seenTools: string[][] = [];
  const view = render(
    <App
      store={store}
      options={{
        tools: [tool, AskUserQuestionTool as AnyTool],
        buildSystemPrompt: async () => ['test'],
        context,
        query: async function* (params: QueryParams): AsyncGenerator<LoopEvent, Terminal> {
          seenTools.push(params.tools.map((candidate) => candidate.name));
          yield toolUse('toolu_1', tool.name, input);
          answers.push(
            await params.canUseTool({
              tool,
              input,
              toolUseId: 'toolu_1',
              context: params.context,
              decision: { behavior: 'ask', message: 'asking' },
            }),
          );
          yield assistantText('Done asking.');
          return COMPLETED;
        },
        setPermissionMode: (next) => {
          mode = next;
          modes.push(next);
        },
      }}
    />,
  );
  views.push(view);
  await settle();
  const frame = (): string => plain(view.lastFrame());
  for (const char of 'go') view.stdin.write(char);
  await waitFor(() => store.getState().draft.text === 'go');
  view.stdin.write(KEYS.enter);
  return { view, store, frame, modes, answers, seenTools };
}

describe('plan approval', () => {
  it('shows the plan; approving with auto-accept switches to acceptEdits', async () => {
    const { view, frame, modes, answers, store, seenTools } = await renderAsking(ExitPlanModeTool as AnyTool, { plan: PLAN }, 'plan');
    await waitFor(() => frame().includes('Here is Pulse'));
    expect(frame()).toContain('1. Add the parser');
    expect(frame()).toContain('Yes, and approve edits manually (default mode)');
    expect(seenTools[0]).toContain('ExitPlanMode');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('● Done asking.'));
    expect(modes).toEqual(['acceptEdits']);
    expect(store.getState().permissionMode).toBe('acceptEdits');
    expect(answers[0]).toEqual({
      behavior: 'allow',
      updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
  });

  it('approving manually goes back to the mode before plan mode', async () => {
    const { view, frame, modes } = await renderAsking(ExitPlanModeTool as AnyTool, { plan: PLAN }, 'plan');
    await waitFor(() => frame().includes('Here is Pulse'));
    view.stdin.write('2');
    await waitFor(() => frame().includes('● Done asking.'));
    expect(modes).toEqual(['default']);
  });

  it('"keep planning" sends the feedback and stays in plan mode', async () => {
    const { view, frame, modes, answers, store } = await renderAsking(ExitPlanModeTool as AnyTool, { plan: PLAN }, 'plan');
    await waitFor(() => frame().includes('Here is Pulse'));
    view.stdin.write('3');
    await waitFor(() => frame().includes('tell Pulse what to change'));
    for (const char of 'split step 1') view.stdin.write(char);
    await waitFor(() => frame().includes('split step 1'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('● Done asking.'));
    expect(modes).toEqual([]);
    expect(store.getState().permissionMode).toBe('plan');
    expect(answers[0]?.behavior).toBe('deny');
    expect(answers[0]?.behavior === 'deny' && answers[0].message).toMatch(/plan mode is still on\) and said: split step 1/);
  });

  it('leaves ExitPlanMode out of the pool outside plan mode', async () => {
    const { frame, seenTools, view } = await renderAsking(ExitPlanModeTool as AnyTool, { plan: PLAN }, 'default');
    await waitFor(() => seenTools.length === 1);
    expect(seenTools[0]).toEqual(['AskUserQuestion']);
    await waitFor(() => frame().includes('Here is Pulse'));
    view.stdin.write(KEYS.escape);
  });
});

describe('questions', () => {
  it('asks each question and answers with the choices added to the input', async () => {
    const input = {
      questions: [
        { question: 'Which database?', header: 'DB', options: [{ label: 'Postgres', description: 'SQL' }, { label: 'Redis', description: 'KV' }], multiSelect: false },
        { question: 'Name?', header: 'Name', options: [{ label: 'alpha', description: '' }, { label: 'beta', description: '' }], multiSelect: false },
      ],
    };
    const { view, frame, answers } = await renderAsking(AskUserQuestionTool as AnyTool, input, 'default');
    await waitFor(() => frame().includes('Which database?'));
    expect(frame()).toContain('3. Other');
    view.stdin.write(KEYS.down);
    await waitFor(() => frame().includes('❯ 2. Redis'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Name?'));
    view.stdin.write('3');
    await waitFor(() => frame().includes('❯ 3. Other'));
    for (const char of 'gamma') view.stdin.write(char);
    await waitFor(() => frame().includes('gamma'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('● Done asking.'));
    expect(answers[0]).toEqual({
      behavior: 'allow',
      updatedInput: { ...input, answers: { 'Which database?': 'Redis', 'Name?': 'gamma' } },
    });
  });
});

describe('todo panel', () => {
  it('shows the list, the item in progress by its active form', async () => {
    const store = createReplStore({
      todos: [
        { content: 'Write code', status: 'completed', activeForm: 'Writing code' },
        { content: 'Run tests', status: 'in_progress', activeForm: 'Running tests' },
        { content: 'Ship', status: 'pending', activeForm: 'Shipping' },
      ],
    });
    const view = render(
      <App
        store={store}
        options={{
          tools: [],
          buildSystemPrompt: async () => [],
          context: makeToolContext(process.cwd()),
          query: async function* () {
            return COMPLETED;
          },
          setPermissionMode: () => undefined,
        }}
      />,
    );
    views.push(view);
    await settle();
    const frame = plain(view.lastFrame());
    expect(frame).toContain('☒ Write code');
    expect(frame).toContain('◼ Running tests');
    expect(frame).toContain('☐ Ship');
  });
});
