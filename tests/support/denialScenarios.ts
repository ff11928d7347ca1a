// The permission-denial scenarios of tests/fixtures/reference-output/permission-denial-scenarios.json,
// shared by the recorder (scripts/reference/permissionDenials.mjs) and the test comparing Pulse
// with its recording (tests/e2e/permissionDeniedShapes.test.ts): the model's turns and what is
// kept of a run beyond its line order and keys.
import type { MockTurn } from './mockAnthropic.js';

export type DenialScenario = { args: string[]; settings: Record<string, unknown> };

export const DENIED_COMMAND = 'touch made-by-tool';

/** One Bash call, then a closing answer. */
export function denialTurns(): MockTurn[] {
  return [
    { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: DENIED_COMMAND } }] },
    { content: [{ type: 'text', text: 'Done.' }] },
  ];
}

type Line = Record<string, unknown>;

/**
 * What the denial lines say beyond their keys (the call they name, why, whether their message is
 * the one the model got) and the result's permission_denials, without the wording, which is each
 * program's own.
 */
export function denialSummary(lines: readonly Line[]): { denials: Line[]; resultDenials: unknown } {
  const results = new Map<unknown, unknown>();
  for (const line of lines) {
    const content = (line.message as { content?: unknown } | undefined)?.content;
    if (line.type !== 'user' || !Array.isArray(content)) continue;
    for (const block of content as Line[]) if (block.type === 'tool_result') results.set(block.tool_use_id, block.content);
  }
  const denials = lines
    .filter((line) => line.subtype === 'permission_denied')
    .map((line) => ({
      tool_name: line.tool_name,
      tool_use_id: line.tool_use_id,
      decision_reason_type: line.decision_reason_type ?? null,
      decision_reason_is_the_hooks: line.decision_reason === undefined ? null : line.decision_reason === 'The hook says no.',
      message_is_the_result: line.message === results.get(line.tool_use_id),
    }));
  return { denials, resultDenials: lines.at(-1)?.permission_denials };
}
