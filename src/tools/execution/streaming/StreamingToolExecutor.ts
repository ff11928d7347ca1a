// Runs tool calls while the model is still talking. Each call is added the moment its tool_use
// block closes; a concurrency-safe call starts at once unless an unsafe one is running, an
// unsafe call waits for everything before it and runs alone, and nothing jumps the queue.
// Results come out in the order the model asked for them; progress comes out as it happens.
import { findToolByName } from '../../Tool.js';
import type { Message, ProgressMessage } from '../../../types/messages.js';
import { isConcurrencySafeCall } from '../partition.js';
import { runToolUse } from '../runToolUse.js';
import { maxToolConcurrency } from '../runTools.js';
import type { ToolCall, ToolRunEvent, ToolRunParams } from '../types.js';
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
  /** Withdrawn calls (their tool_use was tombstoned) are never reported. */
  withdrawn: boolean;
  controller: AbortController;
  results: Message[];
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
  private listening = false;
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
      withdrawn: false,
      controller: new AbortController(),
      results: [],
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

  /** Drops the calls an assistant message asked for (the message was tombstoned); stops them. */
  withdraw(assistantUuid: string): void {
    for (const entry of this.tracked) {
      if (entry.call.assistantMessage.uuid !== assistantUuid) continue;
      entry.withdrawn = true;
      this.cancel(entry, discardTexts('the request that asked for it was withdrawn'));
    }
    this.processQueue();
  }

  /**
   * Cancels everything unfinished and returns one result per call in request order: the real
   * one for calls that finished, a synthetic one saying `reason` for the rest. The executor is
   * spent afterwards; later calls are cancelled the moment they are added.
   */
  discard(reason: string): Message[] {
    this.cancelAll(discardTexts(reason));
    this.stopListening();
    return this.tracked.filter((t) => !t.withdrawn).flatMap((t) => t.results);
  }

  /**
   * After the stream: progress as it happens and each call's result in request order, until
   * every call is answered. Calls cancelled mid-run are waited for (within the grace period)
   * so no child process outlives the turn.
   */
  async *results(): AsyncGenerator<ToolRunEvent, void> {
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
    if (this.active.size === 0) return true;
    if (!entry.safe || this.active.size >= this.limit) return false;
    return [...this.active].every((running) => running.safe);
  }

  private start(entry: Tracked): void {
    entry.status = 'running';
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
    const messages: Message[] = [];
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
    if (entry.status === 'done') return;
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
    entry.results = [syntheticResult(entry.call, wasRunning ? texts.running : texts.queued, this.params.uuid())];
    entry.controller.abort(wasRunning ? texts.running : texts.queued);
    if (wasRunning) entry.graceTimer = setTimeout(() => this.settle(entry), this.cancelGraceMs);
    this.changed.notify();
  }
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
