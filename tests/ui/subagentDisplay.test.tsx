// A running sub-agent in the REPL: one line for its Agent call with its latest tool call under
// it, and permission questions that say which sub-agent is asking.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplStore } from '../../src/state/store.js';
import { createAgentTool } from '../../src/tools/agent/AgentTool.js';
import { WriteTool } from '../../src/tools/write/WriteTool.js';
import { LiveRegion } from '../../src/ui/components/LiveRegion.js';
import { EXPAND_HINT, toolDetailExpansion } from '../../src/ui/components/ToolUseDetail.js';
import { PermissionDialog } from '../../src/ui/components/PermissionDialog.js';
import { describePermissionRequest } from '../../src/ui/format/permissionRequest.js';
import { progressDetail } from '../../src/ui/format/progressDetail.js';
import { ReplStoreContext } from '../../src/ui/hooks/useReplStore.js';
import { TurnPresenter } from '../../src/ui/runner/turnPresenter.js';
import { makeToolContext } from '../support/toolContext.js';
import { plain, settle, waitFor } from './helpers.js';
import { toolResult, toolUse } from './loopEvents.js';

const agentTool = createAgentTool({ agents: () => [{ name: 'Explore', description: 'Explores' }] });

const CTRL_O = '\u000F';

afterEach(() => {
  toolDetailExpansion.setState({ expanded: false });
});

function progress(toolUseID: string, data: unknown) {
  return { type: 'progress' as const, toolUseID, toolName: 'Agent', data };
}

describe('sub-agents in the REPL', () => {
  it('shows the latest tool call of a running sub-agent under its Agent line, then clears it', async () => {
    const store = createReplStore();
    store.getState().startRun('Testing', 0);
    const presenter = new TurnPresenter(store, [agentTool]);
    presenter.handle(toolUse('toolu_a', 'Agent', { description: 'Find the parser', prompt: 'Find it.', subagent_type: 'Explore' }));
    presenter.handle(progress('toolu_a', { type: 'agent_progress', agentType: 'Explore', description: 'Find the parser', toolUseCount: 0 }));
    presenter.handle(
      progress('toolu_a', {
        type: 'agent_progress',
        agentType: 'Explore',
        description: 'Find the parser',
        toolUseCount: 3,
        lastToolUse: 'Grep(parseArgs)',
      }),
    );
    // Progress from other tools (Bash output) adds no line.
    presenter.handle(progress('toolu_a', { type: 'bash_progress', output: 'x', elapsedMs: 1 }));

    const view = render(
      <ReplStoreContext.Provider value={store}>
        <LiveRegion />
      </ReplStoreContext.Provider>,
    );
    await settle();
    const frame = plain(view.lastFrame());
    expect(frame).toContain('Agent(Find the parser) running…');
    expect(frame).toContain('⎿  Explore · Grep(parseArgs) · 3 tool uses');

    presenter.handle(toolResult('toolu_a', 'The parser is in src/cli.', { result: 'The parser is in src/cli.', toolUseCount: 3 }));
    await settle();
    expect(plain(view.lastFrame())).not.toContain('Grep(parseArgs)');
    view.unmount();
  });

  it("expands and collapses a sub-agent's recent tool calls with Ctrl+O", async () => {
    const store = createReplStore();
    store.getState().startRun('Testing', 0);
    const presenter = new TurnPresenter(store, [agentTool]);
    presenter.handle(toolUse('toolu_b', 'Agent', { description: 'Map the CLI', prompt: 'Map it.', subagent_type: 'Explore' }));
    presenter.handle(
      progress('toolu_b', {
        type: 'agent_progress',
        agentType: 'Explore',
        description: 'Map the CLI',
        toolUseCount: 3,
        lastToolUse: 'Grep(parseArgs)',
        recentToolUses: ['Glob(src/**/*.ts)', 'Read(src/cli.ts)', 'Grep(parseArgs)'],
      }),
    );
    const view = render(
      <ReplStoreContext.Provider value={store}>
        <LiveRegion />
      </ReplStoreContext.Provider>,
    );
    await settle();
    const collapsed = plain(view.lastFrame());
    expect(collapsed).toContain(`⎿  Explore · Grep(parseArgs) · 3 tool uses ${EXPAND_HINT}`);
    expect(collapsed).not.toContain('Read(src/cli.ts)');

    view.stdin.write(CTRL_O);
    await waitFor(() => plain(view.lastFrame()).includes('Read(src/cli.ts)'));
    const expanded = plain(view.lastFrame()).split('\n').map((line) => line.trim());
    expect(expanded).toEqual(expect.arrayContaining(['Glob(src/**/*.ts)', 'Read(src/cli.ts)', 'Grep(parseArgs)']));
    expect(plain(view.lastFrame())).not.toContain(EXPAND_HINT);

    view.stdin.write(CTRL_O);
    await waitFor(() => !plain(view.lastFrame()).includes('Read(src/cli.ts)'));
    expect(plain(view.lastFrame())).toContain(EXPAND_HINT);
    view.unmount();
  });

  it('describes agent progress in one line', () => {
    expect(progressDetail({ type: 'agent_progress', agentType: 'Explore', toolUseCount: 0 })).toBe('Explore · starting');
    expect(progressDetail({ type: 'agent_progress', agentType: 'x', toolUseCount: 1, lastToolUse: 'Read(a.ts)' })).toBe(
      'x · Read(a.ts) · 1 tool use',
    );
    expect(progressDetail({ type: 'bash_progress' })).toBeUndefined();
    expect(progressDetail({ type: 'agent_progress', agentType: 'x', toolUseCount: 2, lastToolUse: 'B', recentToolUses: ['A', 'B'] })).toBe(
      'x · B · 2 tool uses\nA\nB',
    );
    expect(progressDetail({ type: 'agent_progress', agentType: 'x', toolUseCount: 1, lastToolUse: 'A', recentToolUses: ['A'] })).toBe(
      'x · A · 1 tool use',
    );
  });

  it("names the sub-agent in the permission dialog", async () => {
    const request = await describePermissionRequest(
      {
        tool: WriteTool,
        input: { file_path: '/tmp/pulse-never-written.txt', content: 'x' },
        toolUseId: 'toolu_w',
        context: makeToolContext('/tmp'),
        decision: { behavior: 'ask', message: 'needs approval' },
        agentName: 'reviewer',
      },
      () => undefined,
    );
    expect(request.agentName).toBe('reviewer');
    const view = render(<PermissionDialog request={request} onCancel={() => undefined} />);
    await settle();
    expect(plain(view.lastFrame())).toContain('Asked by the reviewer sub-agent');
    view.unmount();
  });
});
