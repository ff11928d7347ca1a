// The activity a running sub-agent reports for its one-line display: its latest tool call, how
// many it has made, and its last few calls for the expanded view.
import { describe, expect, it } from 'vitest';
import { ActivityTracker, RECENT_TOOL_USES } from '../../../src/agents/activity.js';
import type { SubagentActivity } from '../../../src/tools/Tool.js';
import { FILE_TOOLS } from '../../../src/tools/fileTools.js';
import { assistant, toolUse } from '../cli/fixtures.js';

function toolCall(index: number) {
  return assistant(`msg_${index}`, [toolUse(`toolu_${index}`, 'Read', { file_path: `/repo/file${index}.ts` })]);
}

describe('ActivityTracker', () => {
  it('reports the latest call, the count and at most the last few calls, oldest first', () => {
    const reports: SubagentActivity[] = [];
    const tracker = new ActivityTracker({ agentType: 'Explore', description: 'Look' }, FILE_TOOLS, (activity) => reports.push(activity));
    tracker.emit();
    expect(reports[0]).toEqual({ agentType: 'Explore', description: 'Look', toolUseCount: 0 });

    for (let index = 1; index <= RECENT_TOOL_USES + 2; index += 1) tracker.observe(toolCall(index));

    const last = reports.at(-1);
    expect(last?.toolUseCount).toBe(RECENT_TOOL_USES + 2);
    expect(last?.lastToolUse).toMatch(/^Read\(.*file7\.ts\)$/);
    expect(last?.recentToolUses).toHaveLength(RECENT_TOOL_USES);
    expect(last?.recentToolUses?.[0]).toMatch(/file3\.ts/);
    expect(last?.recentToolUses?.at(-1)).toBe(last?.lastToolUse);
  });
});
