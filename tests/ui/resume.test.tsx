// The REPL's session pieces: the resume picker, /resume replacing the conversation, the Up arrow
// reaching prompts from earlier sessions, and every turn recorded through the session.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/query/deps.js';
import type { LoopEvent, Message } from '../../src/types/messages.js';
import { filterChoices, ResumePicker, whenText } from '../../src/ui/components/ResumePicker.js';
import { PromptHistory } from '../../src/ui/input/history.js';
import { SHOWN_MESSAGES, transcriptItemsFor } from '../../src/ui/session/resumedConversation.js';
import { TurnPresenter } from '../../src/ui/runner/turnPresenter.js';
import { createReplStore } from '../../src/state/store.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import { EditTool } from '../../src/tools/edit/EditTool.js';
import { ReadTool } from '../../src/tools/read/ReadTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import type { QueryFn, ReplSession, ResumeChoice } from '../../src/ui/types.js';
import { createInterruptionMessage, createUserMessage } from '../../src/utils/messages.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { assistantText, COMPLETED, toolResult, toolUse } from './loopEvents.js';
import { renderApp } from './renderApp.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const CHOICES: ResumeChoice[] = [
  { sessionId: 'aaaa1111', modified: new Date(NOW - 5 * 60_000), firstPrompt: 'fix the login bug', messageCount: 12 },
  { sessionId: 'bbbb2222', modified: new Date(NOW - 3 * 3_600_000), firstPrompt: 'write release notes', messageCount: 4 },
  { sessionId: 'cccc3333', modified: new Date(NOW - 10 * 86_400_000), firstPrompt: 'refactor the parser', messageCount: 30 },
];

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

describe('ResumePicker', () => {
  it('lists date, message count and first prompt; typing filters; Enter picks', async () => {
    const picked: string[] = [];
    const view = render(<ResumePicker choices={CHOICES} onPick={(id) => picked.push(id)} onCancel={() => undefined} now={NOW} />);
    views.push(view);
    await settle();
    const frame = (): string => plain(view.lastFrame());
    expect(frame()).toContain('5m ago');
    expect(frame()).toContain('12 msgs');
    expect(frame()).toContain('fix the login bug');
    expect(frame()).toContain(CHOICES[2]?.modified.toISOString().slice(0, 10));
    for (const char of 'release') view.stdin.write(char);
    await waitFor(() => !frame().includes('fix the login bug'));
    expect(frame()).toContain('write release notes');
    view.stdin.write(KEYS.enter);
    await waitFor(() => picked.length === 1);
    expect(picked).toEqual(['bbbb2222']);
  });

  it('moves with the arrows and cancels with Esc', async () => {
    const picked: string[] = [];
    let cancelled = false;
    const view = render(<ResumePicker choices={CHOICES} onPick={(id) => picked.push(id)} onCancel={() => (cancelled = true)} now={NOW} />);
    views.push(view);
    await settle();
    view.stdin.write(KEYS.down);
    view.stdin.write(KEYS.down);
    await settle();
    view.stdin.write(KEYS.enter);
    await waitFor(() => picked.length === 1);
    expect(picked).toEqual(['cccc3333']);
    view.stdin.write(KEYS.escape);
    await waitFor(() => cancelled);
  });

  it('filters by prompt text or id prefix and words the age', () => {
    expect(filterChoices(CHOICES, 'PARSER').map((choice) => choice.sessionId)).toEqual(['cccc3333']);
    expect(filterChoices(CHOICES, 'aaaa').map((choice) => choice.sessionId)).toEqual(['aaaa1111']);
    expect(whenText(new Date(NOW - 30_000), NOW)).toBe('just now');
    expect(whenText(new Date(NOW - 2 * 86_400_000), NOW)).toBe('2d ago');
  });
});

describe('PromptHistory', () => {
  it('starts from earlier prompts and reports new ones', () => {
    const added: string[] = [];
    const history = new PromptHistory({ initial: ['old one', 'old two'], onAdd: (text) => added.push(text) });
    expect(history.previous('draft')).toBe('old two');
    expect(history.previous('')).toBe('old one');
    expect(history.next()).toBe('old two');
    expect(history.next()).toBe('draft');
    history.add('new');
    expect(added).toEqual(['new']);
    expect(history.previous('')).toBe('new');
  });
});

describe('resumed conversation', () => {
  const TOOLS = [BashTool, EditTool, ReadTool] as AnyTool[];
  const hunk = { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-alpha', '+beta'] };
  // A session as its transcript keeps it (results' toolUseResult through JSON, as on disk): Read,
  // Bash, Edit, a call stopped by Esc, then an answer cut short.
  const session: Message[] = JSON.parse(
    JSON.stringify([
      createUserMessage({ content: 'tidy the notes' }),
      assistantText('Let me look.'),
      toolUse('t1', 'Read', { file_path: '/repo/notes.txt' }),
      toolResult('t1', '1\talpha', { filePath: '/repo/notes.txt', content: 'alpha', numLines: 3, startLine: 1, totalLines: 3 }),
      toolUse('t2', 'Bash', { command: 'echo hi; echo two; echo three; echo four', description: 'Say hi' }),
      toolResult('t2', 'hi', { stdout: 'hi\ntwo\nthree\nfour\n', stderr: '', exitCode: 0, interrupted: false, timedOut: false, timeoutMs: 120_000, truncated: false }),
      toolUse('t3', 'Edit', { file_path: '/repo/notes.txt', old_string: 'alpha', new_string: 'beta' }),
      toolResult('t3', 'Updated.', { filePath: '/repo/notes.txt', oldString: 'alpha', newString: 'beta', replaceAll: false, structuredPatch: [hunk] }),
      toolUse('t4', 'Bash', { command: 'rm notes.txt' }),
      toolResult('t4', 'Stopped: the user interrupted while this tool was running.', 'Stopped', true),
      createInterruptionMessage(true),
      createUserMessage({ content: 'tell me a story' }),
      assistantText('Once upon'),
      createInterruptionMessage(false),
    ]),
  ) as Message[];

  it('draws every tool call with the row the live view drew from the same messages', () => {
    const store = createReplStore();
    const presenter = new TurnPresenter(store, TOOLS);
    for (const message of session) if (message.type !== 'user' || !message.isSynthetic) presenter.handle(message as LoopEvent);
    presenter.close();
    const liveRows = store.getState().transcript.flatMap(({ id: _id, ...item }) => (item.kind === 'tool' ? [item] : []));
    const resumed = transcriptItemsFor(session, TOOLS);
    expect(liveRows.map((row) => row.title)).toEqual(['Read(/repo/notes.txt)', 'Bash(echo hi; echo two; echo three; echo four)', 'Edit(/repo/notes.txt)', 'Bash(rm notes.txt)']);
    expect(resumed.filter((item) => item.kind === 'tool')).toEqual(liveRows);
    expect(liveRows[2]?.patch).toEqual([hunk]);
    expect(liveRows[3]).toMatchObject({ isError: true, summary: 'Stopped: the user interrupted while this tool was running.' });
  });

  it('shows prompts, answers and rows in order, with the interruptions the turns ended on', () => {
    const items = transcriptItemsFor(session, TOOLS);
    expect(items.map((item) => (item.kind === 'notice' ? `notice ${item.text}` : item.kind))).toEqual([
      'user', 'assistant_lines', 'tool', 'tool', 'tool', 'tool', 'notice Interrupted. Tell Pulse what to do instead.',
      'user', 'assistant_lines', 'notice Interrupted. Tell Pulse what to do instead.',
    ]);
  });

  it('names a call whose message is older than the rows shown', () => {
    const filler = Array.from({ length: SHOWN_MESSAGES - 1 }, (_, index) => assistantText(`answer ${index}`));
    const items = transcriptItemsFor([session[4], session[5], ...filler] as Message[], TOOLS);
    expect(items[0]).toMatchObject({ kind: 'tool', title: 'Bash(echo hi; echo two; echo three; echo four)' });
  });
});

class FakeSession implements ReplSession {
  id = 'current-session';
  readonly events: LoopEvent[] = [];
  readonly prompts: string[] = [];
  readonly remembered: string[] = [];
  costs = 0;
  sessionId = (): string => this.id;
  recordPrompt = (_message: Message, text: string): void => void this.prompts.push(text);
  recordEvent = (event: LoopEvent): void => void this.events.push(event);
  recordCost = (): void => void (this.costs += 1);
  listSessions = (): ResumeChoice[] => CHOICES;
  resume = (sessionId: string): Message[] => {
    this.id = sessionId;
    return [createUserMessage({ content: 'the earlier question' }), assistantText('the earlier answer')];
  };
  promptHistory = (): string[] => ['from yesterday'];
  rememberPrompt = (text: string): void => void this.remembered.push(text);
}

async function renderWithSession(session: FakeSession, pickAtStart = false) {
  const calls: QueryParams[] = [];
  const query: QueryFn = async function* (params) {
    calls.push(params);
    yield assistantText('answered');
    return COMPLETED;
  };
  const { store, view } = renderApp({
    query,
    session,
    pickSessionAtStart: pickAtStart,
  });
  views.push(view);
  await settle();
  return { view, store, calls, frame: (): string => plain(view.lastFrame()) };
}

describe('REPL with a session', () => {
  it('records the prompt, the yielded messages and the cost of each turn', async () => {
    const session = new FakeSession();
    const { view, store, calls } = await renderWithSession(session);
    for (const char of 'hi') view.stdin.write(char);
    await waitFor(() => store.getState().draft.text === 'hi');
    view.stdin.write(KEYS.enter);
    await waitFor(() => session.costs === 1);
    expect(session.prompts).toEqual(['hi']);
    expect(session.remembered).toEqual(['hi']);
    expect(session.events.map((event) => event.type)).toEqual(['assistant']);
    expect(calls).toHaveLength(1);
  });

  it('offers earlier prompts on the Up arrow', async () => {
    const { view, store } = await renderWithSession(new FakeSession());
    view.stdin.write(KEYS.up);
    await waitFor(() => store.getState().draft.text === 'from yesterday');
  });

  it('opens the picker on /resume and continues the chosen conversation', async () => {
    const session = new FakeSession();
    const { view, store, calls, frame } = await renderWithSession(session);
    for (const char of '/resume') view.stdin.write(char);
    await waitFor(() => store.getState().draft.text === '/resume');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Resume a conversation'));
    await settle();
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Resumed session aaaa1111'));
    expect(session.id).toBe('aaaa1111');
    expect(frame()).toContain('the earlier answer');
    for (const char of 'more') view.stdin.write(char);
    await waitFor(() => store.getState().draft.text === 'more');
    view.stdin.write(KEYS.enter);
    await waitFor(() => calls.length === 1);
    expect(JSON.stringify(calls[0]?.messages)).toContain('the earlier question');
  });

  it('shows the picker first for --resume without an id', async () => {
    const { frame } = await renderWithSession(new FakeSession(), true);
    expect(frame()).toContain('Resume a conversation');
    expect(frame()).toContain('write release notes');
  });
});
