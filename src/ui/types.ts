// What the CLI's bootstrap hands the interactive REPL. A plain object type so `cli/` can build it
// without importing any React or Ink code (the REPL itself is loaded with a dynamic import).
import type { ReplNotification } from './notificationWatch.js';
import type { ResolvedInput } from '../commands/promptInput.js';
import type { StatusReport } from '../commands/status.js';
import type { SlashCommand } from '../commands/types.js';
import type { ThinkingConfig } from '../api/types.js';
import type { QueryParams } from '../query/deps.js';
import type { CompactFn } from '../query/manualCompact.js';
import type { Terminal } from '../query/state.js';
import type { LoopEvent, Message, UserMessage } from '../types/messages.js';
import type { PermissionMode } from '../types/permissions.js';
import type { AnyTool, ToolUseContext } from '../tools/Tool.js';

/** What the prompt hooks (UserPromptSubmit) said about one prompt. */
export type PromptHookResult = {
  /** The prompt must not be sent: why, for the person. */
  blocked?: string;
  /** Hidden context for the model, sent right after the prompt. */
  context: UserMessage[];
  /** Hook warnings and failures for the person. */
  notices: string[];
};

/** One earlier conversation, as the resume picker lists it. */
export type ResumeChoice = {
  sessionId: string;
  modified: Date;
  /** The first thing typed, one short line. */
  firstPrompt?: string;
  messageCount: number;
};

/**
 * The session on disk as the REPL sees it: every turn is recorded through it, and it lists and
 * switches to earlier sessions (the picker, /resume). The CLI builds it; the REPL never touches
 * files itself.
 */
export type ReplSession = {
  sessionId(): string;
  recordPrompt(message: UserMessage, text: string): void;
  recordEvent(event: LoopEvent): void;
  recordCost(): void;
  /** Earlier sessions in this directory, newest first. */
  listSessions(): ResumeChoice[];
  /** Continues in the chosen session and returns its history; the current one is closed. */
  resume(sessionId: string): Message[];
  /** Prompts typed earlier in this project, oldest first, for the Up arrow. */
  promptHistory(): string[];
  rememberPrompt(text: string): void;
  /** One-line notices about the session's files (a transcript that cannot be written, a repaired one). */
  onNotice?(listener: (text: string) => void): () => void;
};

/**
 * The session's MCP servers as the REPL sees them (built by `src/mcp/replBridge.ts`): project
 * servers waiting for approval, recording the answer, and one-line status notices.
 */
export type ReplMcp = {
  pendingApprovals(): string[];
  /** Saves the choice and starts the approved servers without waiting for them. */
  answerApprovals(choice: { approved: readonly string[]; rejected: readonly string[] }): Promise<void>;
  onNotice(listener: (notice: { text: string; tone: 'dim' | 'warning' | 'error' }) => void): () => void;
};

/** The loop's signature. The REPL calls the real `query()`; tests inject a scripted one. */
export type QueryFn = (params: QueryParams) => AsyncGenerator<LoopEvent, Terminal>;

export type ReplOptions = {
  /** The tool pool for this session; also used to describe tool calls on screen. */
  tools: AnyTool[];
  /** Called before every turn, so memory or mode changes show up in the next request. */
  buildSystemPrompt: () => Promise<string[]>;
  /**
   * The session's tool context. Each turn copies it with a fresh `abortSignal`; everything
   * else (cwd, read-file state, permission context getter) is shared across turns.
   */
  context: ToolUseContext;
  /**
   * Writes the new mode into the permission context `context.getPermissionContext()` reads.
   * Called by Shift+Tab, which steps through `permissionModeCycle`.
   */
  setPermissionMode: (mode: PermissionMode) => void;
  /** The modes Shift+Tab steps through; default, acceptEdits and plan when absent. */
  permissionModeCycle?: readonly PermissionMode[];
  /** The main-loop model, shown in the welcome banner. */
  model: string;
  /** The directory Pulse started in, shown in the welcome banner. */
  cwd: string;
  /** Printed on exit with the matching `pulse --resume <id>` hint. */
  sessionId: string;
  /** Pulse's version, shown in the welcome banner. */
  version: string;
  fallbackModel?: string;
  maxTurns?: number;
  /** `--max-thinking-tokens`: extended thinking on (with its budget) or off for every turn. */
  thinking?: ThinkingConfig;
  /** Every slash command (built-ins, custom commands, skills), for the menu and Enter. */
  commands?: readonly SlashCommand[];
  /** Turns typed text into a turn: a custom command's expansion, or the text as it is. */
  resolveInput?: (text: string, signal: AbortSignal) => Promise<ResolvedInput>;
  /** Problems to show once the REPL is up (command files that did not load, large memory). */
  startupNotices?: Promise<string[]>;
  /** Hidden context for the first prompt (SessionStart hook output). */
  sessionContext?: UserMessage[];
  /** Runs UserPromptSubmit hooks before a prompt enters the loop. */
  submitHooks?: (prompt: string, signal: AbortSignal) => Promise<PromptHookResult>;
  /** Runs once the REPL has closed (SessionEnd hooks). */
  onExit?: () => Promise<void>;
  /** Runs the Notification hooks (a permission question left waiting, the idle prompt). */
  notify?: (notification: ReplNotification) => void;
  /** Records the conversation and switches sessions; absent in tests that need no disk. */
  session?: ReplSession;
  /** History carried over by --continue / --resume, shown and sent as the conversation so far. */
  resumedMessages?: Message[];
  /** --resume without an id: show the picker before the first prompt. */
  pickSessionAtStart?: boolean;
  /** MCP approval dialog and status notices; absent when there is nothing to ask or tell. */
  mcp?: ReplMcp;
  /** `pulse "fix the test"`: submitted as the first turn once the REPL is up. */
  initialPrompt?: string;
  /** What `/status` reports; the CLI gathers it. */
  statusReport?: () => Promise<StatusReport>;
  /** Test seam: defaults to the real `query()` from `src/query/query.ts`. */
  query?: QueryFn;
  /** Test seam for `/compact`: defaults to `compactNow` from `src/query/manualCompact.ts`. */
  compact?: CompactFn;
  /** Test seam: defaults to Ink's real stdin/stdout. */
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
};
