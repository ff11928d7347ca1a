// A tool describes itself; no central switch knows any tool. Tools never import the UI or the
// loop: the REPL renders them from the plain-text descriptions below, and sub-agents reach the
// loop through `ToolUseContext.runSubagent`.
import type * as z from 'zod';
import type { EffortLevel } from '../api/models.js';
import type { CallModel } from '../api/types.js';
import type { Message, ToolResultBlockParam, UserMessage } from '../types/messages.js';
import type { HookRunner } from '../hooks/hookRunner.js';
import type { PermissionDecision, PermissionMode, ToolPermissionContext } from '../types/permissions.js';
import type { PermissionResult, PermissionUpdate } from '../types/permissions.js';

/** What Read recorded about a file, so Edit/Write can refuse stale or unread files. */
export type FileReadRecord = {
  content: string;
  /** The file's mtimeMs when it was read. */
  timestamp: number;
  offset?: number;
  limit?: number;
  /** True when only part of the file was shown (offset/limit or truncation). */
  isPartialView: boolean;
  /**
   * Set when the text was let go to bound memory (`content` is then empty): the whole text's
   * hash, for `recordHolds` to compare instead.
   */
  contentHash?: string;
};

/** One entry of the model's todo list (TodoWrite). */
export type TodoItem = {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  /** The present-continuous form shown while the item is in progress ("Running tests"). */
  activeForm?: string;
};

/**
 * Where TodoWrite keeps the list. The caller owns it: the REPL mirrors it on screen, the
 * session records it in the transcript, resume puts the saved list back.
 */
export type TodoList = {
  get(): TodoItem[];
  set(todos: TodoItem[]): void;
  /** Called after every `set`; returns the unsubscribe function. */
  subscribe(listener: (todos: TodoItem[]) => void): () => void;
};

export type SubagentRequest = {
  description: string;
  prompt: string;
  subagentType?: string;
  model?: string;
  toolUseId: string;
  /** Told what the sub-agent is doing as it works, for a one-line display. */
  onActivity?: (activity: SubagentActivity) => void;
  /** Told each user and assistant message of the sub-agent's conversation (stream-json shows them). */
  onMessage?: (message: Message) => void;
};

/** What a running sub-agent has done so far. */
export type SubagentActivity = {
  agentType: string;
  description: string;
  toolUseCount: number;
  /** The latest tool call, e.g. `Read(src/auth.ts)`. */
  lastToolUse?: string;
  /** The last few tool calls, oldest first, for an expanded view. */
  recentToolUses?: string[];
};

/**
 * The caller's answer to a permission question the rules left open (the loop's `canUseTool`).
 * `agentName` names the sub-agent asking, when it is one.
 */
export type AskPermissionFn = (request: {
  tool: AnyTool;
  input: Record<string, unknown>;
  toolUseId: string;
  context: ToolUseContext;
  decision: Extract<PermissionDecision, { behavior: 'ask' }>;
  agentName?: string;
}) => Promise<PermissionResult>;

/**
 * The session's tool results that were replaced by a spill-file preview: tool_use id -> the text
 * sent instead. Every later request, and a resumed session, sends the same bytes (prompt-cache
 * stability); `record` persists a new decision beside the transcript.
 */
export type ToolResultReplacements = {
  readonly known: ReadonlyMap<string, string>;
  record(toolUseId: string, replacement: string): void;
};

/**
 * The session transcript's record of tool calls, told the moment a call starts running and the
 * moment its result exists, ahead of the loop's ordered output: a kill during PostToolUse hooks,
 * or while a sibling call still runs, must not lose a result whose effects are already done.
 */
export type ToolCallJournal = {
  started(toolUseId: string): void;
  finished(result: UserMessage): void;
};

/** Tools that joined mid-session, and the note that tells the model about them. */
export type ToolNews = { tools: readonly AnyTool[]; note: string };

export type ToolUseContext = {
  /** The directory relative paths resolve against; Bash moves it with `cd`. */
  getCwd(): string;
  setCwd(dir: string): void;
  abortSignal: AbortSignal;
  readFileState: Map<string, FileReadRecord>;
  getPermissionContext(): ToolPermissionContext;
  options: {
    model: string;
    isNonInteractive: boolean;
    verbose: boolean;
    /** Extra environment for child processes (settings `env`). */
    env: Record<string, string>;
    /** Where over-sized tool results are spilled (the session's tool-results folder). */
    toolResultsDir?: string;
    /** The session's effort (`--effort`, `effortLevel`, `CLAUDE_CODE_EFFORT_LEVEL`); absent, the model's default. */
    effort?: EffortLevel | 'auto';
  };
  /** Where spill decisions are kept for the session; absent, they last for one query. */
  toolResultReplacements?: ToolResultReplacements;
  /** The session's tool journal; absent inside sub-agents (their logs are side files) and tests. */
  toolCallJournal?: ToolCallJournal;
  /**
   * Tools that joined the session's pool since the last request (MCP servers that connected
   * late), or undefined; the loop adds them and sends the note before its next request.
   */
  takeToolNews?: () => ToolNews | undefined;
  /** Set by the execution pipeline for the call in progress. */
  toolUseId?: string;
  /** Present inside sub-agents. */
  agentId?: string;
  /** The sub-agent's type (`Explore`, `general-purpose`, ...); present inside sub-agents. */
  agentType?: string;
  /**
   * The loop caller's permission answer, set by the execution pipeline for the call in
   * progress, so the Agent tool's sub-agent can ask the same person or host.
   */
  canUseTool?: AskPermissionFn;
  /** The session's todo list; absent where nobody keeps one (TodoWrite then refuses). */
  todos?: TodoList;
  /**
   * Memory that arrived mid-session with the files it applies to (CLAUDE.md below cwd, `paths:`
   * rules). It lives in history as meta messages, so compaction puts it back from here.
   */
  loadedMemory?: () => ReadonlyArray<{ path: string; content: string }>;
  /** Put there by the caller of `query()`; the Agent tool uses it to start a nested loop. */
  runSubagent?: (request: SubagentRequest, ctx: ToolUseContext) => Promise<string>;
  /** The session's configured hooks; absent when none are configured (or in tests). */
  hooks?: HookRunner;
  /**
   * Applies "don't ask again" answers (from the person, the SDK or a hook) to the live
   * permission context, and saves those whose destination is a settings file.
   */
  updatePermissions?: (updates: readonly PermissionUpdate[]) => Promise<void>;
  /** Stops the whole turn, as Esc does; used when a refusal says `interrupt: true`. */
  abortTurn?: () => void;
  /**
   * The model seam for tools that ask a model themselves (WebFetch, WebSearch): the production
   * one records each response's cost on the session. Absent in contexts without a model.
   */
  callModel?: CallModel;
  /** The small fast model for side questions (`ANTHROPIC_SMALL_FAST_MODEL`, else the main one). */
  smallFastModel?: string;
  /**
   * The conversation the current request was built from, set by the loop (a sub-agent keeps
   * its parent's): auto mode's reviewer reads the user's requests in it.
   */
  conversation?: () => readonly Message[];
  /**
   * Set by the loop for the calls of one response: changes the context for the rest of this
   * query, from the next request on (a skill's `allowed-tools` and `model`).
   */
  changeTurnContext?: (change: (context: ToolUseContext) => ToolUseContext) => void;
};

export type ValidationResult = { ok: true } | { ok: false; message: string };

export type ToolProgress = { data: unknown };

export type ToolResult<Out> = {
  data: Out;
  /** Extra messages to append after the tool result (rare: e.g. attachments). */
  newMessages?: Message[];
};

export type ToolPromptContext = { tools: readonly AnyTool[]; isNonInteractive: boolean };

/** Output shown under a finished call; `totalLines` when `text` is a cut of a longer output. */
export type ToolPreview = { text: string; totalLines?: number };

export interface Tool<In extends z.ZodType = z.ZodType, Out = unknown> {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly inputSchema: In;
  /**
   * The JSON Schema sent to the API when it is not derived from `inputSchema`: MCP tools pass
   * their server's schema through and validate against it in `validateInput`.
   */
  readonly inputJSONSchema?: { type: 'object'; [key: string]: unknown };
  /** One line for people: the /help listing, the docs. */
  description(): string;
  /** The description sent to the model. */
  prompt(ctx: ToolPromptContext): string | Promise<string>;
  isEnabled(): boolean;
  isReadOnly(input: z.infer<In>): boolean;
  isConcurrencySafe(input: z.infer<In>): boolean;
  validateInput?(input: z.infer<In>, ctx: ToolUseContext): Promise<ValidationResult>;
  /** The tool's own opinion; the permission engine combines it with rules and the mode. */
  checkPermissions(input: z.infer<In>, ctx: ToolUseContext): Promise<PermissionDecision>;
  /** The file path the call touches, for path rules and protected paths. */
  getPath?(input: z.infer<In>, ctx: ToolUseContext): string | undefined;
  call(input: z.infer<In>, ctx: ToolUseContext): AsyncGenerator<ToolProgress, ToolResult<Out>>;
  toResultBlock(output: Out, toolUseId: string): ToolResultBlockParam;
  /** Results longer than this are spilled to a file by the result budget; Infinity exempts. */
  readonly maxResultSizeChars: number;
  /** `Read`, or a friendlier name for some inputs. */
  userFacingName(input?: Partial<z.infer<In>>): string;
  /** What the call is about, for a one-line display: `src/auth.ts`, `npm test`. */
  describeUse?(input: Partial<z.infer<In>>): string;
  /** A short line about the result: "Read 120 lines", "Found 4 files". */
  summarizeResult?(output: Out): string;
  /** The output as stream-json's `tool_use_result` shows it, when the reference's shape differs from `Out`. */
  sdkResult?(output: Out): unknown;
  /** Output worth showing under the call, whose first lines the REPL prints (a command's output). */
  previewResult?(output: Out): ToolPreview;
  /**
   * Markdown the REPL prints whole under the call's line (ExitPlanMode: the plan the user
   * approved), so what was agreed stays readable in the scrollback.
   */
  documentResult?(output: Out): string;
  /** Offered to the model only in these permission modes (ExitPlanMode: plan). */
  readonly onlyInModes?: readonly PermissionMode[];
  /** Needs a person to answer (AskUserQuestion): left out where nobody can. */
  readonly requiresUserInteraction?: boolean;
}

// The pool holds tools of many input types; the pipeline re-validates input with each tool's
// own schema before calling it, so erasing the generic here loses no safety.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any>;

export function toolMatchesName(tool: AnyTool, name: string): boolean {
  return tool.name === name || (tool.aliases?.includes(name) ?? false);
}

export function findToolByName(tools: readonly AnyTool[], name: string): AnyTool | undefined {
  return tools.find((tool) => toolMatchesName(tool, name));
}
