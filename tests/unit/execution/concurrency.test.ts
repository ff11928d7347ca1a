// Concurrency is decided per input: Bash runs alongside other calls only when its command is
// provably read-only.
import { describe, expect, it } from 'vitest';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import { isConcurrencySafeCall } from '../../../src/tools/execution/partition.js';
import type { ToolCall } from '../../../src/tools/execution/types.js';
import { createSyntheticAssistantError } from '../../../src/utils/messages.js';

const asking = createSyntheticAssistantError({ text: '', apiError: 'unknown' }, 'asking');
const bash = (command: string): ToolCall => ({
  block: { type: 'tool_use', id: 'b', name: 'Bash', input: { command }, caller: { type: 'direct' } },
  assistantMessage: asking,
});

describe('Bash concurrency per input', () => {
  it.each(['ls -la', 'sleep 1.5', 'git status', 'cat README.md | head -5', 'false', 'grep -rn foo src'])(
    '%j is read-only, so it may run alongside others',
    (command) => {
      expect(isConcurrencySafeCall(bash(command), [BashTool])).toBe(true);
    },
  );

  it.each(['echo hi > out.txt', 'rm -rf build', 'npm install', 'git commit -m x', 'echo $(date)', 'sleep 1; touch x'])(
    '%j might change something, so it runs alone',
    (command) => {
      expect(isConcurrencySafeCall(bash(command), [BashTool])).toBe(false);
    },
  );
});
