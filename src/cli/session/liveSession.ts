// The session a face is talking in: its id, its transcript writer, and the state records that go
// beside the messages (last prompt, permission mode, todos, cost). Print mode, the SDK protocol and
// the REPL all record through one of these, so every face persists the same way. The REPL may
// switch it to another session (/resume); everything else keeps one for its lifetime.
import { dirname, join } from 'node:path';
import {
  createNullWriter,
  describeRepairs,
  openTranscript,
  type LoadedTranscript,
  type TranscriptWriter,
} from '../../sessions/index.js';
import { session } from '../../state/session.js';
import type { TodoItem, TodoList, ToolCallJournal, ToolResultReplacements } from '../../tools/Tool.js';
import type { LoopEvent, Message, UserMessage } from '../../types/messages.js';
import type { PermissionMode } from '../../types/permissions.js';
import { finishPendingCleanup } from './backgroundCleanup.js';
import { currentGitBranch } from './gitBranch.js';
import type { SessionPlan } from './resolveSession.js';
import { restoreSessionState } from './restoreState.js';

export type LiveSessionOptions = {
  cwd: string;
  version: string;
  /** False for --no-session-persistence: the same calls, nothing written. */
  persist: boolean;
  getPermissionMode: () => PermissionMode;
  setPermissionMode: (mode: PermissionMode) => void;
  modeChosenByFlag: boolean;
  allowBypass: boolean;
  todos?: TodoList;
};

/** Said once when the transcript cannot be written; the session goes on without it. */
function writeFailureNotice(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `the session transcript could not be written (${reason}); the session goes on, but nothing more of it is saved`;
}

/** The synthetic results the loader added at the very end: safe to persist (see below). */
function trailingRepairs(loaded: LoadedTranscript): UserMessage[] {
  const { repairs, messages } = loaded;
  if (repairs.length === 0) return [];
  const tail = messages.slice(-repairs.length);
  return tail.every((message, index) => message === repairs[index]) ? repairs : [];
}

/** Uuids of the loaded messages that are in the file: the loader's repairs are not, yet. */
function alreadyWritten(loaded: LoadedTranscript | undefined): string[] {
  if (loaded === undefined) return [];
  const repairs = new Set(loaded.repairs.map((repair) => repair.uuid));
  return loaded.messages.map((message) => message.uuid).filter((uuid) => !repairs.has(uuid));
}

export class LiveSession {
  private writer: TranscriptWriter;
  private plan: SessionPlan;
  /** False until the first prompt: records before it would create a file for an empty session. */
  private started = false;
  private recordedMode: PermissionMode | undefined;
  private pendingTodos: TodoItem[] | undefined;
  private reportedError = false;
  /** Notices said before anyone listened (the REPL subscribes once its screen is up). */
  private readonly unheard: string[] = [];
  private noticeListener: ((text: string) => void) | undefined;
  private readonly unsubscribeTodos: (() => void) | undefined;
  private readonly replacements = new Map<string, string>();
  /**
   * The tool results replaced by a spill-file preview in this session: loaded back on resume,
   * recorded as they are decided, so every request sends the same bytes.
   */
  readonly toolResultReplacements: ToolResultReplacements = {
    known: this.replacements,
    record: (toolUseId, replacement) => {
      this.replacements.set(toolUseId, replacement);
      this.start();
      this.writer.appendRecord({ type: 'content-replacement', toolUseId, replacement });
    },
  };

  /**
   * Tool calls recorded the moment they start and the moment their result exists, so a kill at any
   * later point resumes with the truth. A result whose call is not in the file yet (a fast call
   * racing its own assistant line) waits for the loop's ordered output instead.
   */
  readonly toolCallJournal: ToolCallJournal = {
    started: (toolUseId) => this.writer.appendRecord({ type: 'tool-started', toolUseId }),
    finished: (result) => {
      const caller = result.sourceToolAssistantUUID;
      if (caller !== undefined && this.writer.has(caller)) this.writer.append(result);
    },
  };

  constructor(
    private readonly options: LiveSessionOptions,
    plan: SessionPlan,
  ) {
    this.plan = plan;
    this.writer = this.openWriter(plan);
    session.sessionId = plan.sessionId;
    this.unsubscribeTodos = options.todos?.subscribe((todos) => this.recordTodos(todos));
  }

  get sessionId(): string {
    return this.plan.sessionId;
  }

  get transcriptPath(): string | undefined {
    return this.writer.path;
  }

  /** Spilled tool results live in the session's side folder, beside its transcript. */
  get toolResultsDir(): string {
    return join(dirname(this.plan.transcriptPath), this.plan.sessionId, 'tool-results');
  }

  /**
   * Restores what the plan carried over and returns the history to continue from. Synthetic
   * results for tool calls the file never answered are appended to it when they close the file,
   * so the transcript itself becomes a valid conversation again; repairs in the middle of a file
   * are left for the loader to redo, since appending them would answer a call twice.
   */
  resume(): Message[] {
    const loaded = this.plan.loaded;
    if (loaded === undefined) return [];
    restoreSessionState(loaded, {
      setPermissionMode: this.options.setPermissionMode,
      modeChosenByFlag: this.options.modeChosenByFlag,
      allowBypass: this.options.allowBypass,
      ...(this.options.todos ? { todos: this.options.todos } : {}),
    });
    this.recordedMode = loaded.mode;
    for (const [toolUseId, replacement] of loaded.contentReplacements) this.replacements.set(toolUseId, replacement);
    for (const repair of trailingRepairs(loaded)) this.writer.append(repair);
    const repaired = describeRepairs(loaded);
    if (repaired !== undefined) this.notify(repaired);
    return loaded.messages;
  }

  /**
   * One line each for what the person should know about the session files: a transcript that can
   * no longer be written. Notices said earlier are told to the listener at once.
   */
  onNotice(listener: (text: string) => void): () => void {
    this.noticeListener = listener;
    for (const text of this.unheard.splice(0)) listener(text);
    return () => {
      if (this.noticeListener === listener) this.noticeListener = undefined;
    };
  }

  /** Closes the current transcript and continues in another session (REPL picker, /resume). */
  switchTo(plan: SessionPlan): Message[] {
    this.writer.close();
    this.plan = plan;
    this.reportedError = false;
    this.writer = this.openWriter(plan);
    this.started = false;
    this.recordedMode = undefined;
    this.replacements.clear();
    session.sessionId = plan.sessionId;
    return this.resume();
  }

  /** The typed prompt's message, then the `last-prompt` record a picker shows. */
  recordPrompt(message: UserMessage, text: string): void {
    this.start();
    this.writer.append(message);
    this.writer.appendRecord({ type: 'last-prompt', lastPrompt: text });
  }

  /** History messages and tombstones as the loop yields them; everything else is ignored. */
  recordEvent(event: LoopEvent): void {
    if (event.type === 'progress' || event.type === 'stream_event' || event.type === 'stream_request_start') return;
    this.start();
    this.writer.append(event);
  }

  recordMode(mode: PermissionMode): void {
    if (!this.started || mode === this.recordedMode) return;
    this.recordedMode = mode;
    this.writer.appendRecord({ type: 'mode', permissionMode: mode });
  }

  recordTodos(todos: TodoItem[]): void {
    if (!this.started) {
      this.pendingTodos = todos;
      return;
    }
    this.writer.appendRecord({ type: 'todos', todos: todos.map((todo) => ({ ...todo })) });
  }

  /** The running totals, written after each turn so a resume picks them up. */
  recordCost(): void {
    if (!this.started) return;
    this.writer.appendRecord({ type: 'cost', totalCostUSD: session.totalCostUSD, modelUsage: { ...session.modelUsage } });
  }

  close(): void {
    this.unsubscribeTodos?.();
    this.writer.close();
    finishPendingCleanup();
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.recordMode(this.options.getPermissionMode());
    if (this.pendingTodos !== undefined) this.recordTodos(this.pendingTodos);
    this.pendingTodos = undefined;
  }

  private openWriter(plan: SessionPlan): TranscriptWriter {
    if (!this.options.persist) return createNullWriter(plan.sessionId);
    const loaded = plan.loaded;
    const gitBranch = currentGitBranch(this.options.cwd);
    return openTranscript({
      cwd: this.options.cwd,
      sessionId: plan.sessionId,
      version: this.options.version,
      path: plan.transcriptPath,
      parentUuid: loaded?.leafUuid ?? null,
      existingUuids: alreadyWritten(loaded),
      ...(gitBranch ? { gitBranch } : {}),
      recordsToolStarts: true,
      onError: (error) => this.reportWriteError(error),
    });
  }

  private reportWriteError(error: unknown): void {
    if (this.reportedError) return;
    this.reportedError = true;
    this.notify(writeFailureNotice(error));
  }

  private notify(text: string): void {
    if (this.noticeListener) this.noticeListener(text);
    else this.unheard.push(text);
  }
}
