// Runs a response's tool calls batch by batch. Progress is passed on the moment it happens;
// results go out in the order the model asked for them, so the history reads like the request.
import type { Message, ProgressMessage } from '../../types/messages.js';
import { partitionToolCalls } from './partition.js';
import { runToolUse } from './runToolUse.js';
import type { ToolCall, ToolRunEvent, ToolRunParams } from './types.js';
import { envSetting } from '../../utils/compatEnv.js';

const DEFAULT_MAX_TOOL_CONCURRENCY = 10;

export function maxToolConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number.parseInt(envSetting('PULSE_MAX_TOOL_CONCURRENCY', env) ?? '', 10);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_TOOL_CONCURRENCY;
}

export async function* runTools(calls: readonly ToolCall[], params: ToolRunParams): AsyncGenerator<ToolRunEvent, void> {
  const limit = maxToolConcurrency();
  for (const batch of partitionToolCalls(calls, params.tools)) {
    if (batch.concurrent && batch.calls.length > 1) {
      yield* runConcurrently(batch.calls, params, limit);
      continue;
    }
    for (const call of batch.calls) yield* runToolUse(call, params);
  }
}

type WorkerEvent =
  | { kind: 'progress'; event: ProgressMessage }
  | { kind: 'finished'; index: number }
  | { kind: 'crashed'; error: unknown };

/** A single-consumer queue: workers push, the generator awaits the next event. */
class EventQueue<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;

  push(item: T): void {
    const waiting = this.waiting;
    if (!waiting) {
      this.items.push(item);
      return;
    }
    this.waiting = undefined;
    waiting(item);
  }

  take(): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as T);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}

async function* runConcurrently(
  calls: readonly ToolCall[],
  params: ToolRunParams,
  limit: number,
): AsyncGenerator<ToolRunEvent, void> {
  const results: Message[][] = calls.map(() => []);
  const finished: boolean[] = calls.map(() => false);
  const queue = new EventQueue<WorkerEvent>();
  let nextToStart = 0;

  const worker = async (): Promise<void> => {
    for (let index = nextToStart++; index < calls.length; index = nextToStart++) {
      for await (const event of runToolUse(calls[index] as ToolCall, params)) {
        if (event.type === 'progress') queue.push({ kind: 'progress', event });
        else results[index]?.push(event);
      }
      queue.push({ kind: 'finished', index });
    }
  };
  // runToolUse turns every failure into a result; a crash here is a bug, and must not hang.
  for (let i = 0; i < Math.min(limit, calls.length); i++) {
    worker().catch((error: unknown) => queue.push({ kind: 'crashed', error }));
  }

  let nextToEmit = 0;
  while (nextToEmit < calls.length) {
    const item = await queue.take();
    if (item.kind === 'crashed') throw item.error;
    if (item.kind === 'progress') {
      yield item.event;
      continue;
    }
    finished[item.index] = true;
    while (finished[nextToEmit]) yield* results[nextToEmit++] ?? [];
  }
}
