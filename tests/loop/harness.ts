// Drives query() with a scripted model and fake tools, and collects what it yielded, the
// transitions it took and how it ended. Every run is checked for a valid conversation.
import { z } from 'zod';
import { noAutocompaction, noMicrocompaction, type QueryDeps, type QueryParams } from '../../src/query/deps.js';
import { query } from '../../src/query/query.js';
import type { Terminal, Transition } from '../../src/query/state.js';
import { resetSession } from '../../src/state/session.js';
import type { AnyTool, ToolProgress, ToolResult, ToolUseContext } from '../../src/tools/Tool.js';
import type { LoopEvent, Message, UserMessage } from '../../src/types/messages.js';
import type { PermissionDecision, PermissionMode } from '../../src/types/permissions.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { expectValidConversation, historyFrom } from '../support/conversation.js';
import { scriptedModel, type ScriptedModel, type ScriptedTurn } from '../support/scriptedModel.js';
import type { CallModelParams } from '../../src/api/types.js';

export const TEST_MODEL = 'claude-sonnet-4-6';

export function makeContext(options: { signal?: AbortSignal; mode?: PermissionMode; model?: string } = {}): ToolUseContext {
  let cwd = process.cwd();
  return {
    getCwd: () => cwd,
    setCwd: (dir) => {
      cwd = dir;
    },
    abortSignal: options.signal ?? new AbortController().signal,
    readFileState: new Map(),
    getPermissionContext: () => ({ mode: options.mode ?? 'default', rules: [], workingDirectories: [cwd] }),
    options: { model: options.model ?? TEST_MODEL, isNonInteractive: true, verbose: false, env: {} },
  };
}

type FakeToolOptions<S extends z.ZodType> = {
  name: string;
  inputSchema?: S;
  aliases?: string[];
  safe?: boolean;
  run?: (input: z.infer<S>, ctx: ToolUseContext) => AsyncGenerator<ToolProgress, ToolResult<unknown>>;
  checkPermissions?: (input: z.infer<S>) => Promise<PermissionDecision>;
  validateInput?: AnyTool['validateInput'];
};

const defaultSchema = z.object({ value: z.string().optional() });

export function fakeTool<S extends z.ZodType = typeof defaultSchema>(options: FakeToolOptions<S>): AnyTool {
  const run = options.run ?? (async function* () {
    return { data: `${options.name} done` };
  });
  const tool: AnyTool = {
    name: options.name,
    aliases: options.aliases,
    inputSchema: options.inputSchema ?? defaultSchema,
    description: () => `${options.name}, a test tool`,
    prompt: () => `Use ${options.name} in tests.`,
    isEnabled: () => true,
    isReadOnly: () => options.safe ?? false,
    isConcurrencySafe: () => options.safe ?? false,
    checkPermissions: options.checkPermissions ?? (async () => ({ behavior: 'allow' })),
    call: run,
    toResultBlock: (output: unknown, toolUseId: string) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: String(output),
    }),
    maxResultSizeChars: 100_000,
    userFacingName: () => options.name,
  };
  if (options.validateInput) tool.validateInput = options.validateInput;
  return tool;
}

export type RunOutcome = {
  events: LoopEvent[];
  history: Message[];
  terminal: Terminal;
  transitions: Transition[];
  requests: CallModelParams[];
};

export type RunOptions = Partial<Omit<QueryParams, 'deps' | 'observer'>> & {
  turns: ScriptedTurn[];
  /** Plays the model instead of `turns` (a `routedModel` that also answers summary requests). */
  model?: ScriptedModel;
  /**
   * Replaces the pass-through context layers; 'real' runs the production layers, summarising
   * with the scripted model.
   */
  compaction?: Partial<Pick<QueryDeps, 'microcompact' | 'autocompact'>> | 'real';
  /** True or false forces the streaming or the batch path; left out, the environment decides. */
  streamingTools?: boolean;
  /** Sees each event as the consumer receives it (to abort at a precise point). */
  onEvent?: (event: LoopEvent) => void;
};

/** Runs `body` with PULSE_DISABLE_STREAMING_TOOLS set as asked, restoring it afterwards. */
export async function withStreamingTools<T>(streaming: boolean, body: () => Promise<T>): Promise<T> {
  const saved = process.env.PULSE_DISABLE_STREAMING_TOOLS;
  if (streaming) delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
  else process.env.PULSE_DISABLE_STREAMING_TOOLS = '1';
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
    else process.env.PULSE_DISABLE_STREAMING_TOOLS = saved;
  }
}

export function userPrompt(text = 'Do the thing.'): UserMessage {
  return createUserMessage({ content: text }, 'prompt-uuid');
}

/** Runs one query to its end. Starts from a fresh session so cost checks are per run. */
export async function runQuery({ turns, model, compaction, streamingTools, onEvent, ...overrides }: RunOptions): Promise<RunOutcome> {
  const run = () => runQueryNow(model ?? scriptedModel(turns), compaction, overrides, onEvent);
  return streamingTools === undefined ? run() : withStreamingTools(streamingTools, run);
}

async function runQueryNow(
  model: ScriptedModel,
  compaction: RunOptions['compaction'],
  overrides: Partial<Omit<QueryParams, 'deps' | 'observer'>>,
  onEvent: RunOptions['onEvent'],
): Promise<RunOutcome> {
  resetSession();
  const transitions: Transition[] = [];
  let uuidCounter = 0;
  const params: QueryParams = {
    messages: [userPrompt()],
    systemPrompt: ['You are a test harness.'],
    tools: [],
    canUseTool: async () => ({ behavior: 'deny', message: 'Denied by the test.' }),
    context: makeContext(),
    source: 'print',
    ...overrides,
    deps: {
      callModel: model.callModel,
      ...(compaction === 'real' ? {} : { microcompact: noMicrocompaction, autocompact: noAutocompaction, ...compaction }),
      uuid: () => `loop-${++uuidCounter}`,
    },
    observer: { onTransition: (t) => transitions.push(t) },
  };
  const events: LoopEvent[] = [];
  const generator = query(params);
  let step = await generator.next();
  while (!step.done) {
    events.push(step.value);
    onEvent?.(step.value);
    step = await generator.next();
  }
  const history = historyFrom(params.messages, events);
  expectValidConversation(history);
  return { events, history, terminal: step.value, transitions, requests: model.requests };
}

export function toolResultsOf(events: readonly LoopEvent[]): Array<{ id: string; content: unknown; isError: boolean; message: UserMessage }> {
  return events.flatMap((event) => {
    if (event.type !== 'user' || typeof event.message.content === 'string') return [];
    return event.message.content.flatMap((block) =>
      block.type === 'tool_result'
        ? [{ id: block.tool_use_id, content: block.content, isError: block.is_error === true, message: event }]
        : [],
    );
  });
}

/** Resolves when `count` parties have arrived: proves they were all running at once. */
export function barrier(count: number): { arrive(): Promise<void> } {
  let arrived = 0;
  let release!: () => void;
  const allHere = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrive() {
      arrived += 1;
      if (arrived === count) release();
      return allHere;
    },
  };
}

/** A promise and the function that settles it, for making a scripted model or tool wait. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves once the call's abort signal fires (at once if it already has). */
export function untilAborted(ctx: ToolUseContext): Promise<void> {
  return new Promise((resolve) => {
    if (ctx.abortSignal.aborted) resolve();
    ctx.abortSignal.addEventListener('abort', () => resolve(), { once: true });
  });
}
