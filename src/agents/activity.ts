// Follows a sub-agent's events and reports what it last did, so the parent's display can show
// one line per running sub-agent: its latest tool call and how many it has made.
import { findToolByName, type AnyTool, type SubagentActivity } from '../tools/Tool.js';
import type { LoopEvent } from '../types/messages.js';

const MAX_DETAIL_CHARS = 80;

function clip(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length <= MAX_DETAIL_CHARS ? line : `${line.slice(0, MAX_DETAIL_CHARS - 1)}…`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** `Read(src/auth.ts)`, or the bare name when the tool says nothing more about the call. */
export function describeToolCall(tools: readonly AnyTool[], name: string, rawInput: unknown): string {
  const tool = findToolByName(tools, name);
  if (!tool) return name;
  const input = asRecord(rawInput);
  try {
    const detail = tool.describeUse?.(input);
    const display = tool.userFacingName(input);
    return detail ? `${display}(${clip(detail)})` : display;
  } catch {
    return name;
  }
}

export class ActivityTracker {
  private toolUseCount = 0;
  private lastToolUse: string | undefined;

  constructor(
    private readonly base: Pick<SubagentActivity, 'agentType' | 'description'>,
    private readonly tools: readonly AnyTool[],
    private readonly report: ((activity: SubagentActivity) => void) | undefined,
  ) {}

  get count(): number {
    return this.toolUseCount;
  }

  observe(event: LoopEvent): void {
    if (event.type !== 'assistant' || event.apiError !== undefined) return;
    let changed = false;
    for (const block of event.message.content) {
      if (block.type !== 'tool_use') continue;
      this.toolUseCount += 1;
      this.lastToolUse = describeToolCall(this.tools, block.name, block.input);
      changed = true;
    }
    if (changed) this.emit();
  }

  emit(): void {
    this.report?.({
      ...this.base,
      toolUseCount: this.toolUseCount,
      ...(this.lastToolUse ? { lastToolUse: this.lastToolUse } : {}),
    });
  }
}
