// Runs tool calls while the model is still talking. Each call is added the moment its tool_use
// block closes; a concurrency-safe call starts at once unless an unsafe one is running. An unsafe
// call (an edit, a write, a command that changes things) never starts before the response is
// complete, since the response may still fail and be sent again; it then waits for everything
// before it and runs alone, and nothing jumps the queue. Results come out in the order the model
// asked for them; progress comes out as it happens.
import { findToolByName } from '../../Tool.js';
import type { Message, ProgressMessage } from '../../../types/messages.js';
import { isConcurrencySafeCall } from '../partition.js';
import { isResultOf, runToolUse } from '../runToolUse.js';
import { maxToolConcurrency } from '../runTools.js';
import type { RanCall, ToolCall, ToolRunEvent, ToolRunParams } from '../types.js';
import {
  discardTexts,
  siblingFailureTexts,
  syntheticResult,
  USER_INTERRUPT_TEXTS,
  type CancelTexts,
} from './cancellation.js';
import { Notifier } from './notifier.js';

/**
 * How long a cancelled call may take to wind down before the executor stops waiting for it.
 * Bash kills its process group within half a second; this only guards against a tool that
 * ignores its abort signal, so one hung call never wedges the loop.
 */
export const CANCEL_GRACE_MS = 2_000;

type Tracked = {
  call: ToolCall;
  safe: boolean;
  isBash: boolean;
  status: 'queued' | 'running' | 'done';
  /** It began running, so it may have had effects even if it was stopped. */
  started: boolean;
  /** Withdrawn calls (their tool_use was tombstoned) are never reported. */
  withdrawn: boolean;
  controller: AbortController;
  results: Message[];
  /** What it was cancelled with, once it was. */
  cancelledWith?: CancelTexts;
  /** The call's own messages so far; once its result is among them, cancelling keeps them. */
  collected: Message[];
  /** Stops waiting for a cancelled call that ignores its abort signal. */
  graceTimer?: NodeJS.Timeout;
};

export type ExecutorOptions = { maxConcurrency?: number; cancelGraceMs?: number };

export class StreamingToolExecutor {
  private readonly tracked: Tracked[] = [];
  /** Calls whose run has not settled yet, including cancelled ones still winding down. */
  private readonly active = new Set<Tracked>();
  private progress: ProgressMessage[] = [];
  private readonly changed = new Notifier();
  private readonly limit: number;
  private readonly cancelGraceMs: number;
  /** Once set, every call (present or future) is cancelled with these texts. */
  private cancelledWith: CancelTexts | undefined;
  /** Started calls of withdrawn messages, not yet reported to the loop. */
  private withdrawnRuns: Tracked[] = [];
  private listening = false;
  /** Set once the response has finished streaming: only then may unsafe calls start. */
  private responseComplete = false;
  private readonly onQueryAbort = (): void => this.cancelAll(USER_INTERRUPT_TEXTS);

  constructor(
    private readonly params: ToolRunParams,
    options: ExecutorOptions = {},
  ) {
    this.limit = options.maxConcurrency ?? maxToolConcurrency();
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
  }

  get size(): number {
    return this.tracked.filter((t) => !t.withdrawn).length;
  }

  addTool(call: ToolCall): void {
    this.listenForAbort();
    const tool = findToolByName(this.params.tools, call.block.name);
    const entry: Tracked = {
      call,
      // An unknown tool only produces an error result; it has nothing to wait for.
      safe: tool === undefined || isConcurrencySafeCall(call, this.params.tools),
      isBash: tool?.name === 'Bash',
      status: 'queued',
      started: false,
      withdrawn: false,
      controller: new AbortController(),
      results: [],
      collected: [],
    };
    this.tracked.push(entry);
    if (this.cancelledWith) this.cancel(entry, this.cancelledWith);
    this.processQueue();
  }

  /** Progress reported since the last call; never blocks, so it can run between stream events. */
  takeProgress(): ProgressMessage[] {
    const taken = this.progress;
    this.progress = [];
    return taken;
  }

  /**
   * Drops the calls an assistant message asked for (the message was tombstoned) and stops them.
   * Those that had started ran even though their tool_use is gone: `takeWithdrawnRuns` hands
   * them over, so the model can hear of it.
   */
  withdraw(assistantUuid: string): void {
    for (const entry of this.tracked) {
      if (entry.call.assistantMessage.uuid !== assistantUuid || entry.withdrawn) continue;
      entry.withdrawn = true;
      this.cancel(entry, discardTexts('the request that asked for it was withdrawn'));
      if (entry.started) this.withdrawnRuns.push(entry);
    }
    this.processQueue();
  }

  /** Started calls of withdrawn messages, once they have wound down, with what they produced. */
  async takeWithdrawnRuns(): Promise<RanCall[]> {
    const entries = this.withdrawnRuns;
    this.withdrawnRuns = [];
    await this.windDown(entries);
    return entries.map(ranCall);
  }

  /** The calls still answerable that had started, with their results; read after `discard`. */
  ranCalls(): RanCall[] {
    return this.tracked.filter((t) => t.started && !t.withdrawn).map(ranCall);
  }

  /**
   * Cancels everything unfinished and, once the running calls have wound down, returns one
   * result per call in request order: the real one for calls that finished (even just after
   * the cancel), a synthetic one saying `reason` for the rest. The executor is spent
   * afterwards; later calls are cancelled the moment they are added.
   */
  async discard(reason: string): Promise<Message[]> {
    this.cancelAll(discardTexts(reason));
    this.stopListening();
    await this.windDown(this.tracked);
    return this.tracked.filter((t) => !t.withdrawn).flatMap((t) => t.results);
  }

  /** Waits until none of these calls is still running (a hung one is let go after the grace period). */
  private async windDown(entries: readonly Tracked[]): Promise<void> {
    while (entries.some((entry) => this.active.has(entry))) await this.changed.next();
  }

  /**
   * After the stream: progress as it happens and each call's result in request order, until
   * every call is answered. Calls cancelled mid-run are waited for (within the grace period)
   * so no child process outlives the turn.
   */
  async *results(): AsyncGenerator<ToolRunEvent, void> {
    this.responseComplete = true;
    this.processQueue();
    try {
      let next = 0;
      for (;;) {
        // Taken before yielding: `yield*` gives up the thread even for an empty list, and a
        // tool that reports meanwhile must still wake this loop.
        const wake = this.changed.next();
        yield* this.takeProgress();
        for (let entry = this.tracked[next]; entry?.status === 'done'; entry = this.tracked[++next]) {
          if (!entry.withdrawn) yield* entry.results;
        }
        if (next >= this.tracked.length) break;
        await wake;
      }
      while (this.active.size > 0) await this.changed.next();
    } finally {
      this.stopListening();
    }
  }

  // Attached with the first call only: a response without tools leaves the signal untouched.
  private listenForAbort(): void {
    if (this.listening) return;
    this.listening = true;
    const signal = this.params.context.abortSignal;
    if (signal.aborted) this.cancelledWith ??= USER_INTERRUPT_TEXTS;
    else signal.addEventListener('abort', this.onQueryAbort, { once: true });
  }

  private stopListening(): void {
    this.params.context.abortSignal.removeEventListener('abort', this.onQueryAbort);
  }

  private processQueue(): void {
    for (const entry of this.tracked) {
      if (entry.status !== 'queued') continue;
      if (!this.canStart(entry)) return;
      this.start(entry);
      if (!entry.safe) return;
    }
  }

  private canStart(entry: Tracked): boolean {
    if (!entry.safe && !this.responseComplete) return false;
    if (this.active.size === 0) return true;
    if (!entry.safe || this.active.size >= this.limit) return false;
    return [...this.active].every((running) => running.safe);
  }

  private start(entry: Tracked): void {
    entry.status = 'running';
    entry.started = true;
    this.active.add(entry);
    const context = { ...this.params.context, abortSignal: entry.controller.signal };
    this.consume(entry, { ...this.params, context })
      .catch((error: unknown) => {
        // runToolUse turns every failure into a result; reaching here is a bug, not a hang.
        const message = error instanceof Error ? error.message : String(error);
        this.finish(entry, [syntheticResult(entry.call, `Error: the tool pipeline failed: ${message}`, this.params.uuid())]);
      })
      .finally(() => this.settle(entry));
  }

  private async consume(entry: Tracked, params: ToolRunParams): Promise<void> {
    const messages = entry.collected;
    for await (const event of runToolUse(entry.call, params)) {
      if (event.type !== 'progress') {
        messages.push(event);
        continue;
      }
      if (entry.status === 'done') continue;
      this.progress.push(event);
      this.changed.notify();
    }
    this.finish(entry, messages);
  }

  private finish(entry: Tracked, messages: Message[]): void {
    if (entry.status === 'done') {
      // A call that completed in spite of a discard ran for real: its result tells the truth.
      if (entry.cancelledWith?.keepLateSuccess && !isErrorResult(messages, entry.call.block.id)) entry.results = messages;
      return;
    }
    entry.status = 'done';
    entry.results = messages;
    if (entry.isBash && isErrorResult(messages, entry.call.block.id)) {
      const texts = siblingFailureTexts(entry.call);
      for (const sibling of this.tracked) if (sibling !== entry) this.cancel(sibling, texts);
    }
    this.changed.notify();
  }

  private settle(entry: Tracked): void {
    clearTimeout(entry.graceTimer);
    if (!this.active.delete(entry)) return;
    this.processQueue();
    this.changed.notify();
  }

  private cancelAll(texts: CancelTexts): void {
    this.cancelledWith ??= texts;
    for (const entry of this.tracked) this.cancel(entry, texts);
  }

  private cancel(entry: Tracked, texts: CancelTexts): void {
    if (entry.status === 'done') return;
    const wasRunning = entry.status === 'running';
    entry.status = 'done';
    entry.cancelledWith = texts;
    // A call that already has its real result (its PostToolUse hooks are what is left) did run:
    // saying it was interrupted would be untrue, and the transcript already holds the result.
    const finished = entry.collected.some((message) => isResultOf(message, entry.call.block.id));
    entry.results = finished
      ? [...entry.collected]
      : [syntheticResult(entry.call, wasRunning ? texts.running : texts.queued, this.params.uuid())];
    entry.controller.abort(wasRunning ? texts.running : texts.queued);
    if (wasRunning) entry.graceTimer = setTimeout(() => this.settle(entry), this.cancelGraceMs);
    this.changed.notify();
  }
}

function ranCall(entry: Tracked): RanCall {
  return { call: entry.call, results: entry.results };
}

function isErrorResult(messages: readonly Message[], toolUseId: string): boolean {
  return messages.some(
    (message) =>
      message.type === 'user' &&
      Array.isArray(message.message.content) &&
      message.message.content.some(
        (block) => block.type === 'tool_result' && block.tool_use_id === toolUseId && block.is_error === true,
      ),
  );
}
