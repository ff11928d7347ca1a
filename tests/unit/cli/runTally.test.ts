import { describe, expect, it } from 'vitest';
import { RunTally } from '../../../src/cli/print/runTally.js';
import { assistant, text, toolResult, toolUse } from './fixtures.js';

describe('RunTally', () => {
  it('counts one turn per model response that follows tool results', () => {
    const tally = new RunTally();
    tally.observe(assistant('msg_1', [text("I'll read it.")]));
    tally.observe(assistant('msg_1', [toolUse('toolu_1', 'Read', { file_path: 'a' })]));
    tally.observe(toolResult('toolu_1', 'contents'));
    tally.observe(assistant('msg_2', [text('The answer '), text('is 42.')]));
    expect(tally.numTurns).toBe(2);
    expect(tally.lastResponseText).toBe('The answer is 42.');
  });

  it('sums usage once per response using its final block', () => {
    const tally = new RunTally();
    tally.observe(assistant('msg_1', [text('a')], {}, { input_tokens: 100, output_tokens: 1 }));
    tally.observe(assistant('msg_1', [text('b')], {}, { input_tokens: 100, output_tokens: 7 }));
    tally.observe(toolResult('toolu_1', 'x'));
    tally.observe(assistant('msg_2', [text('c')], {}, { input_tokens: 50, output_tokens: 3 }));
    expect(tally.usage).toMatchObject({ input_tokens: 150, output_tokens: 10 });
  });

  it('collects permission denials with the tool_use id from the result block', () => {
    const tally = new RunTally();
    tally.observe(
      toolResult('toolu_9', 'denied', {
        permissionDenied: { toolName: 'Write', toolInput: { file_path: 'x', content: 'y' } },
      }),
    );
    expect(tally.permissionDenials).toEqual([
      { tool_name: 'Write', tool_use_id: 'toolu_9', tool_input: { file_path: 'x', content: 'y' } },
    ]);
  });

  it('forgets tombstoned blocks', () => {
    const tally = new RunTally();
    const kept = assistant('msg_1', [text('kept ')]);
    const withdrawn = assistant('msg_1', [text('withdrawn')]);
    tally.observe(kept);
    tally.observe(withdrawn);
    tally.observe({ type: 'tombstone', message: withdrawn });
    expect(tally.lastResponseText).toBe('kept ');
    expect(tally.lastAssistant).toBe(kept);
  });
});
