// Follows a sub-agent's events and reports what it last did, so the parent's display can show
// one line per running sub-agent: its latest tool call and how many it has made (and, expanded,
// its last few calls).
import { findToolByName, type AnyTool, type SubagentActivity } from '../tools/Tool.js';
import type { LoopEvent } from '../types/messages.js';

const MAX_DETAIL_CHARS = 80;
/** How many of its latest tool calls a sub-agent's expanded line lists. */
export const RECENT_TOOL_USES = 5;

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
  private recent: string[] = [];

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
      this.recent = [...this.recent, describeToolCall(this.tools, block.name, block.input)].slice(-RECENT_TOOL_USES);
      changed = true;
    }
    if (changed) this.emit();
  }

  emit(): void {
    const lastToolUse = this.recent.at(-1);
    this.report?.({
      ...this.base,
      toolUseCount: this.toolUseCount,
      ...(lastToolUse ? { lastToolUse, recentToolUses: [...this.recent] } : {}),
    });
  }
}
