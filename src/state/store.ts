// The REPL's reactive store: everything the screen shows, nothing else. Components subscribe
// with selectors, so a streamed token re-renders the live line, never the transcript.
// Everything here is plain data; the UI turns tools and loop events into these shapes.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Message } from '../types/messages.js';
import type { PermissionMode, PermissionResult, RuleSource, RuleValue } from '../types/permissions.js';

/** One hunk of a unified diff, the shape `diff`'s structuredPatch produces. */
export type PatchHunk = {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Each line starts with ' ', '+', '-' or '\\'. */
  lines: string[];
};

/** What is printed once into scrollback (Ink `<Static>`), in order. Never edited after. */
export type TranscriptItem =
  | { kind: 'welcome'; id: string; version: string; model: string; cwd: string }
  | { kind: 'user'; id: string; text: string }
  /** Finished lines of assistant text, already rendered (may carry ANSI styles). */
  | { kind: 'assistant_lines'; id: string; lines: string[]; startsBlock: boolean }
  | {
      kind: 'tool';
      id: string;
      title: string;
      summary: string;
      isError: boolean;
      patch?: PatchHunk[];
      /** The first lines of the output (a command's), and how many more it had. */
      preview?: { lines: string[]; more: number };
      /** Markdown shown whole under the result (an approved plan). */
      document?: string;
    }
  | { kind: 'notice'; id: string; text: string; tone: NoticeTone }
  /** The model's thinking: one collapsed line, or the whole text once Ctrl+O has asked for it. */
  | { kind: 'thinking'; id: string; text: string; seconds: number; expanded: boolean };

export type NoticeTone = 'info' | 'dim' | 'warning' | 'error';

/** Distributive Omit, so each transcript variant keeps its own fields. */
export type NewTranscriptItem = TranscriptItem extends infer T
  ? T extends TranscriptItem
    ? Omit<T, 'id'>
    : never
  : never;

export type SpinnerState = { verb: string; startedAt: number; outputTokens: number };

/** A tool call that has started but has no result yet; shown in the live region. */
export type ActiveToolUse = {
  id: string;
  title: string;
  /** What the call is doing now, shown under it (a sub-agent's latest tool call). */
  detail?: string;
};

/** What the permission dialog shows under the question. */
export type PermissionPreview =
  | { kind: 'command'; command: string }
  | { kind: 'diff'; path: string; hunks: PatchHunk[] }
  | { kind: 'input'; text: string };

export type PermissionRequest = {
  toolUseId: string;
  /** The name people see, e.g. `Bash`. */
  toolName: string;
  /** The one-line gist of the call, e.g. the path or command. */
  title: string;
  input: Record<string, unknown>;
  preview: PermissionPreview;
  /**
   * The rule "don't ask again" would add, with its label and where it is kept (the session by
   * default); none when no rule is safe to keep, and the dialog asks only this once.
   */
  ruleSuggestion?: { label: string; rules: RuleValue[]; destination?: RuleSource };
  resolve: (result: PermissionResult) => void;
  /** Which dialog answers it: the permission question, AskUserQuestion, or plan approval. */
  kind?: 'permission' | 'question' | 'plan';
  /** For plan approval: the mode "approve" goes back to (the one before plan mode). */
  restoreMode?: PermissionMode;
  /** The sub-agent asking, when the call is a sub-agent's. */
  agentName?: string;
};

export type Notification = { id: string; text: string; tone: 'info' | 'warning' };

/** One line of the live checklist (TodoWrite's list). */
export type TodoItem = { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm?: string };

/** `command` while the draft starts with `/` (the slash menu is open). */
export type InputMode = 'prompt' | 'command';

export type Draft = { text: string; cursor: number };

export type ReplData = {
  /** The conversation as sent to the model. */
  messages: Message[];
  /**
   * Append-only, except that items <Static> has already printed may be released
   * (`releasePrinted`); `/clear` and a release swap the array and bump `transcriptEpoch`.
   */
  transcript: TranscriptItem[];
  transcriptEpoch: number;
  /** The unfinished tail of the streaming answer. */
  liveText: string;
  /**
   * The same text drawn as it will be once finished (rendered lines, and whether it starts a
   * block with its bullet), so it can turn final without being redrawn; null: show `liveText`.
   */
  livePreview: { lines: string[]; startsBlock: boolean } | null;
  activeToolUses: ActiveToolUse[];
  isRunning: boolean;
  spinner: SpinnerState | null;
  queuedPrompts: string[];
  permissionRequest: PermissionRequest | null;
  permissionMode: PermissionMode;
  notifications: Notification[];
  todos: TodoItem[];
  inputMode: InputMode;
  draft: Draft;
  /** A menu or search inside the prompt (reverse search, `@` paths) takes Esc for itself. */
  promptOverlayOpen: boolean;
  /** Room left before auto-compaction (or the window's end), in percent; null before a turn. */
  contextLeftPercent: number | null;
  /** Ctrl+O: thinking is printed in full rather than as one collapsed line. */
  thinkingExpanded: boolean;
  /** The latest thinking printed collapsed, which Ctrl+O prints in full; null once it has been. */
  collapsedThinking: { text: string; seconds: number } | null;
};

export type ReplActions = {
  appendMessages(...messages: Message[]): void;
  removeMessage(uuid: string): void;
  addTranscript(...items: NewTranscriptItem[]): void;
  clearConversation(): void;
  /**
   * Forgets the items up to and including `lastPrintedId` once <Static> has printed them: the
   * scrollback keeps them. A no-op when that item is gone already (after `/clear`).
   */
  releasePrinted(lastPrintedId: string): void;
  setLiveText(text: string, preview?: ReplData['livePreview']): void;
  startToolUse(use: ActiveToolUse): void;
  finishToolUse(id: string): void;
  setToolUseDetail(id: string, detail: string): void;
  startRun(verb: string, now: number): void;
  setOutputTokens(outputTokens: number): void;
  stopRun(): void;
  enqueuePrompt(prompt: string): void;
  /** Removes and returns the oldest queued prompt. */
  dequeuePrompt(): string | undefined;
  takeQueuedPrompts(): string[];
  setPermissionRequest(request: PermissionRequest | null): void;
  setPromptOverlayOpen(open: boolean): void;
  setContextLeft(percent: number | null): void;
  setPermissionMode(mode: PermissionMode): void;
  setTodos(todos: TodoItem[]): void;
  notify(text: string, tone?: Notification['tone']): string;
  dismissNotification(id: string): void;
  setDraft(draft: Draft): void;
  /** Prints one block of thinking, collapsed or in full as Ctrl+O last chose. */
  addThinking(text: string, seconds: number): void;
  /** Ctrl+O: shows thinking in full from now on (starting with the latest), or collapses it again. */
  toggleThinking(): void;
};

export type ReplState = ReplData & ReplActions;
export type ReplStore = StoreApi<ReplState>;

export function initialReplData(overrides: Partial<ReplData> = {}): ReplData {
  return {
    messages: [],
    transcript: [],
    transcriptEpoch: 0,
    liveText: '',
    livePreview: null,
    activeToolUses: [],
    isRunning: false,
    spinner: null,
    queuedPrompts: [],
    permissionRequest: null,
    promptOverlayOpen: false,
    contextLeftPercent: null,
    thinkingExpanded: false,
    collapsedThinking: null,
    permissionMode: 'default',
    notifications: [],
    todos: [],
    inputMode: 'prompt',
    draft: { text: '', cursor: 0 },
    ...overrides,
  };
}

/** `existing` plus `added`, starting at the last compact boundary among `added` if there is one. */
function sinceLastCompaction(existing: readonly Message[], added: readonly Message[]): Message[] {
  const boundary = added.findLastIndex((m) => m.type === 'system' && m.subtype === 'compact_boundary');
  return boundary === -1 ? [...existing, ...added] : added.slice(boundary);
}

export function inputModeFor(text: string): InputMode {
  return text.startsWith('/') ? 'command' : 'prompt';
}

export function createReplStore(overrides: Partial<ReplData> = {}): ReplStore {
  let nextId = 0;
  const newId = (): string => `t${++nextId}`;

  return createStore<ReplState>()((set, get) => ({
    ...initialReplData(overrides),

    // A compact boundary replaces what came before it for the model, so that is let go here too.
    appendMessages: (...messages) => set((s) => ({ messages: sinceLastCompaction(s.messages, messages) })),
    removeMessage: (uuid) => set((s) => ({ messages: s.messages.filter((m) => m.uuid !== uuid) })),
    addTranscript: (...items) =>
      set((s) => ({
        transcript: [...s.transcript, ...items.map((item) => ({ ...item, id: newId() }) as TranscriptItem)],
      })),
    clearConversation: () =>
      set((s) => ({
        messages: [],
        transcript: [],
        transcriptEpoch: s.transcriptEpoch + 1,
        liveText: '',
        livePreview: null,
        activeToolUses: [],
        contextLeftPercent: null,
        collapsedThinking: null,
      })),
    releasePrinted: (lastPrintedId) =>
      set((s) => {
        const index = s.transcript.findIndex((item) => item.id === lastPrintedId);
        if (index === -1) return {};
        return { transcript: s.transcript.slice(index + 1), transcriptEpoch: s.transcriptEpoch + 1 };
      }),
    setLiveText: (liveText, preview = null) => set({ liveText, livePreview: liveText === '' ? null : preview }),
    startToolUse: (use) => set((s) => ({ activeToolUses: [...s.activeToolUses, use] })),
    finishToolUse: (id) => set((s) => ({ activeToolUses: s.activeToolUses.filter((u) => u.id !== id) })),
    setToolUseDetail: (id, detail) =>
      set((s) => ({ activeToolUses: s.activeToolUses.map((use) => (use.id === id ? { ...use, detail } : use)) })),
    startRun: (verb, now) =>
      set({ isRunning: true, spinner: { verb, startedAt: now, outputTokens: 0 } }),
    setOutputTokens: (outputTokens) =>
      set((s) => (s.spinner ? { spinner: { ...s.spinner, outputTokens } } : {})),
    stopRun: () => set({ isRunning: false, spinner: null, liveText: '', livePreview: null, activeToolUses: [] }),
    enqueuePrompt: (prompt) => set((s) => ({ queuedPrompts: [...s.queuedPrompts, prompt] })),
    dequeuePrompt: () => {
      const [first, ...rest] = get().queuedPrompts;
      if (first === undefined) return undefined;
      set({ queuedPrompts: rest });
      return first;
    },
    takeQueuedPrompts: () => {
      const all = get().queuedPrompts;
      set({ queuedPrompts: [] });
      return all;
    },
    setPermissionRequest: (permissionRequest) => set({ permissionRequest }),
    setPromptOverlayOpen: (promptOverlayOpen) => set({ promptOverlayOpen }),
    setContextLeft: (contextLeftPercent) => set({ contextLeftPercent }),
    setPermissionMode: (permissionMode) => set({ permissionMode }),
    setTodos: (todos) => set({ todos }),
    notify: (text, tone = 'info') => {
      const id = newId();
      set((s) => ({ notifications: [...s.notifications, { id, text, tone }] }));
      return id;
    },
    dismissNotification: (id) =>
      set((s) => ({ notifications: s.notifications.filter((n) => n.id !== id) })),
    setDraft: (draft) => set({ draft, inputMode: inputModeFor(draft.text) }),
    addThinking: (text, seconds) =>
      set((s) => ({
        transcript: [...s.transcript, { kind: 'thinking', id: newId(), text, seconds, expanded: s.thinkingExpanded }],
        collapsedThinking: s.thinkingExpanded ? null : { text, seconds },
      })),
    toggleThinking: () =>
      set((s) => {
        if (s.thinkingExpanded) return { thinkingExpanded: false };
        const latest = s.collapsedThinking;
        const shown: TranscriptItem[] = latest ? [{ kind: 'thinking', id: newId(), ...latest, expanded: true }] : [];
        return { thinkingExpanded: true, collapsedThinking: null, transcript: [...s.transcript, ...shown] };
      }),
  }));
}
