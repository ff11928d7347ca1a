// Session choice and the live session's records: what a resume restores and what it appends.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LiveSession, type LiveSessionOptions } from '../../../../src/cli/session/liveSession.js';
import { resolveSessionPlan, SessionChoiceError } from '../../../../src/cli/session/resolveSession.js';
import { loadTranscript, openTranscript, SessionLookupError } from '../../../../src/sessions/index.js';
import { session } from '../../../../src/state/session.js';
import { createTodoList } from '../../../../src/tools/todo/todoList.js';
import type { PermissionMode } from '../../../../src/types/permissions.js';
import { createUserMessage } from '../../../../src/utils/messages.js';
import { assistantMessage, textBlock, toolUseBlock, useSandbox } from '../../sessions/fixtures.js';

const sandbox = useSandbox();

function liveOptions(overrides: Partial<LiveSessionOptions> = {}): LiveSessionOptions & { modes: PermissionMode[] } {
  const modes: PermissionMode[] = [];
  let mode: PermissionMode = 'default';
  return {
    cwd: sandbox.cwd,
    version: '0.0.0-test',
    persist: true,
    getPermissionMode: () => mode,
    setPermissionMode: (next) => {
      mode = next;
      modes.push(next);
    },
    modeChosenByFlag: false,
    allowBypass: false,
    modes,
    ...overrides,
  };
}

function writeSession(id: string, build: (writer: ReturnType<typeof openTranscript>) => void): void {
  const writer = openTranscript({ cwd: sandbox.cwd, sessionId: id, version: 'x' });
  build(writer);
  writer.close();
}

describe('resolveSessionPlan', () => {
  it('starts fresh, continues the latest, resumes by prefix and forks to a new id', () => {
    expect(resolveSessionPlan({ continue: false, forkSession: false }, sandbox.cwd, () => 'fresh').sessionId).toBe('fresh');
    writeSession('older-session', (writer) => writer.append(createUserMessage({ content: 'older' })));
    writeSession('newer-session', (writer) => writer.append(createUserMessage({ content: 'newer' })));
    const latest = resolveSessionPlan({ continue: true, forkSession: false }, sandbox.cwd);
    expect(['older-session', 'newer-session']).toContain(latest.sessionId);
    const byPrefix = resolveSessionPlan({ continue: false, resume: 'older', forkSession: false }, sandbox.cwd);
    expect(byPrefix.sessionId).toBe('older-session');
    expect(JSON.stringify(byPrefix.loaded?.messages)).toContain('older');
    const fork = resolveSessionPlan({ continue: false, resume: 'older-session', forkSession: true }, sandbox.cwd, () => 'forked');
    expect(fork).toMatchObject({ sessionId: 'forked', forkedFrom: 'older-session' });
    expect(JSON.stringify(fork.loaded?.messages)).toContain('older');
  });

  it('refuses flags that disagree and sessions that do not exist', () => {
    expect(() => resolveSessionPlan({ continue: false, forkSession: true }, sandbox.cwd)).toThrow(SessionChoiceError);
    expect(() => resolveSessionPlan({ continue: true, forkSession: false, sessionId: 'x' }, sandbox.cwd)).toThrow(/needs --fork-session/);
    expect(() => resolveSessionPlan({ continue: true, forkSession: false }, sandbox.cwd)).toThrow(/no conversation/);
    expect(() => resolveSessionPlan({ continue: false, resume: 'missing', forkSession: false }, sandbox.cwd)).toThrow(SessionLookupError);
    expect(resolveSessionPlan({ continue: false, resume: true, forkSession: false }, sandbox.cwd).pickSession).toBe(true);
  });
});

describe('LiveSession', () => {
  it('writes nothing until the first prompt, then mode, prompt, last-prompt, events and cost', () => {
    const live = new LiveSession(liveOptions(), resolveSessionPlan({ continue: false, forkSession: false }, sandbox.cwd, () => 's1'));
    live.recordMode('acceptEdits');
    live.recordCost();
    expect(() => readFileSync(live.transcriptPath ?? '', 'utf8')).toThrow();
    live.recordPrompt(createUserMessage({ content: 'hello' }), 'hello');
    live.recordEvent({ type: 'stream_request_start' });
    live.recordEvent(assistantMessage([textBlock('hi')]));
    live.recordMode('plan');
    live.recordCost();
    live.close();
    const types = readFileSync(live.transcriptPath ?? '', 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types).toEqual(['mode', 'user', 'last-prompt', 'assistant', 'mode', 'cost']);
    expect(session.sessionId).toBe('s1');
  });

  it('restores mode, todos and cost, and persists a repair for a dangling tool call', () => {
    writeSession('crashed', (writer) => {
      writer.append(createUserMessage({ content: 'run it' }));
      writer.appendRecord({ type: 'mode', permissionMode: 'acceptEdits' });
      writer.appendRecord({ type: 'todos', todos: [{ content: 'step one', status: 'in_progress' }] });
      writer.appendRecord({
        type: 'cost',
        totalCostUSD: 1.25,
        modelUsage: { m: { inputTokens: 1, outputTokens: 2, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, webSearchRequests: 0, costUSD: 1.25 } },
      });
      writer.append(assistantMessage([toolUseBlock('toolu_dangling', 'Bash', { command: 'sleep 30' })]));
    });
    const todos = createTodoList();
    const options = liveOptions({ todos });
    const live = new LiveSession(options, resolveSessionPlan({ continue: true, forkSession: false }, sandbox.cwd));
    const messages = live.resume();
    live.close();
    expect(options.modes).toEqual(['acceptEdits']);
    expect(todos.get()).toMatchObject([{ content: 'step one', status: 'in_progress' }]);
    expect(session.totalCostUSD).toBe(1.25);
    expect(JSON.stringify(messages.at(-1))).toContain('toolu_dangling');
    const reloaded = loadTranscript(live.transcriptPath ?? '');
    expect(reloaded.repairs).toEqual([]);
    expect(JSON.stringify(reloaded.messages.at(-1))).toContain('toolu_dangling');
  });

  it('records spill decisions and loads them back on resume, so the same bytes are sent', () => {
    const first = new LiveSession(liveOptions(), resolveSessionPlan({ continue: false, forkSession: false }, sandbox.cwd, () => 'spilled'));
    first.recordPrompt(createUserMessage({ content: 'list everything' }), 'list everything');
    first.toolResultReplacements.record('toolu_big', '<persisted-output>\npreview\n</persisted-output>');
    first.close();
    const again = new LiveSession(liveOptions(), resolveSessionPlan({ continue: true, forkSession: false }, sandbox.cwd));
    expect(again.toolResultReplacements.known.size).toBe(0);
    again.resume();
    again.close();
    expect([...again.toolResultReplacements.known]).toEqual([['toolu_big', '<persisted-output>\npreview\n</persisted-output>']]);
  });

  it('keeps the mode the command line chose, and never turns bypass back on from a file', () => {
    writeSession('bypassed', (writer) => {
      writer.append(createUserMessage({ content: 'x' }));
      writer.appendRecord({ type: 'mode', permissionMode: 'bypassPermissions' });
    });
    const plan = resolveSessionPlan({ continue: true, forkSession: false }, sandbox.cwd);
    const unsafe = liveOptions();
    new LiveSession(unsafe, plan).resume();
    expect(unsafe.modes).toEqual([]);
    const flagged = liveOptions({ allowBypass: true, modeChosenByFlag: true });
    new LiveSession(flagged, plan).resume();
    expect(flagged.modes).toEqual([]);
  });
});
