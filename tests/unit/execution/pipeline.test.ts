import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toApiTool, toApiTools } from '../../../src/tools/apiSchema.js';
import { formatValidationError, parseToolInput } from '../../../src/tools/execution/inputValidation.js';
import { partitionToolCalls } from '../../../src/tools/execution/partition.js';
import { maxToolConcurrency, runTools } from '../../../src/tools/execution/runTools.js';
import type { ToolCall } from '../../../src/tools/execution/types.js';
import type { AnyTool } from '../../../src/tools/Tool.js';
import { createSyntheticAssistantError } from '../../../src/utils/messages.js';
import { fakeTool, makeContext } from '../../loop/harness.js';

const asking = createSyntheticAssistantError({ text: '', apiError: 'unknown' }, 'asking');
let nextId = 0;
function call(name: string, input: unknown = {}): ToolCall {
  return { block: { type: 'tool_use', id: `c${++nextId}`, name, input, caller: { type: 'direct' } }, assistantMessage: asking };
}

describe('partitionToolCalls', () => {
  const safe = fakeTool({ name: 'Safe', safe: true });
  const unsafe = fakeTool({ name: 'Unsafe' });
  const throwing = fakeTool({ name: 'Throwing', safe: true });
  throwing.isConcurrencySafe = () => {
    throw new Error('cannot tell');
  };
  const tools = [safe, unsafe, throwing];
  const shape = (calls: ToolCall[]) =>
    partitionToolCalls(calls, tools).map((b) => `${b.concurrent ? 'C' : 'S'}${b.calls.map((c) => c.block.name[0]).join('')}`);

  it('groups consecutive safe calls and isolates everything else', () => {
    expect(shape([call('Safe'), call('Safe'), call('Unsafe'), call('Safe'), call('Unsafe'), call('Unsafe')])).toEqual([
      'CSS',
      'SU',
      'CS',
      'SU',
      'SU',
    ]);
  });

  it('treats unknown tools, bad input and a throwing check as unsafe', () => {
    expect(shape([call('Safe'), call('Missing'), call('Safe', { value: 7 }), call('Throwing')])).toEqual(['CS', 'SM', 'SS', 'ST']);
  });
});

describe('runTools concurrency limit', () => {
  afterEach(() => {
    delete process.env.PULSE_MAX_TOOL_CONCURRENCY;
  });

  it('reads the limit from the environment, defaulting to 10', () => {
    expect(maxToolConcurrency({})).toBe(10);
    expect(maxToolConcurrency({ PULSE_MAX_TOOL_CONCURRENCY: '3' })).toBe(3);
    expect(maxToolConcurrency({ PULSE_MAX_TOOL_CONCURRENCY: 'lots' })).toBe(10);
    expect(maxToolConcurrency({ PULSE_MAX_TOOL_CONCURRENCY: '0' })).toBe(10);
  });

  it('never runs more safe calls at once than the limit', async () => {
    process.env.PULSE_MAX_TOOL_CONCURRENCY = '2';
    let running = 0;
    let peak = 0;
    const tool = fakeTool({
      name: 'Safe',
      safe: true,
      run: async function* () {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return { data: 'ok' };
      },
    });
    const calls = Array.from({ length: 5 }, () => call('Safe'));
    const ids: string[] = [];
    for await (const event of runTools(calls, {
      tools: [tool],
      canUseTool: async () => ({ behavior: 'deny', message: 'no' }),
      context: makeContext(),
      uuid: () => 'u',
    })) {
      if (event.type === 'user' && Array.isArray(event.message.content) && event.message.content[0]?.type === 'tool_result') {
        ids.push(event.message.content[0].tool_use_id);
      }
    }
    expect(peak).toBe(2);
    expect(ids).toEqual(calls.map((c) => c.block.id));
  });
});

describe('input validation wording', () => {
  const schema = z.object({
    file_path: z.string(),
    mode: z.enum(['fast', 'slow']).optional(),
    options: z.object({ depth: z.number().int().min(1) }).optional(),
  });

  it('names each problem with its parameter path', () => {
    const parsed = parseToolInput(schema, { mode: 'medium', options: { depth: 0 } });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]).toBe('the required parameter `file_path` is missing');
    expect(parsed.problems[1]).toBe('the parameter `mode` must be one of "fast", "slow"');
    expect(parsed.problems[2]).toMatch(/^the parameter `options\.depth` is not valid: /);
    expect(formatValidationError('Read', ['a', 'b'])).toBe('InputValidationError: Read was called with input it cannot accept:\n- a\n- b');
  });

  it('rejects input that is not an object at all', () => {
    const parsed = parseToolInput(schema, 'just a string');
    expect(parsed).toEqual({ ok: false, problems: ['the input should be an object, not a string'] });
  });
});

describe('toApiTool', () => {
  it('derives the schema from zod, without the dialect marker, and converts it once', async () => {
    const tool: AnyTool = fakeTool({
      name: 'Read',
      inputSchema: z.strictObject({ file_path: z.string().describe('Absolute path'), limit: z.number().default(100) }),
    });
    let prompts = 0;
    tool.prompt = (ctx) => `Reads files (${ctx.tools.length} tools, call ${++prompts}).`;
    const ctx = { tools: [tool], isNonInteractive: true };
    const first = await toApiTool(tool, ctx);
    expect(first).toEqual({
      name: 'Read',
      description: 'Reads files (1 tools, call 1).',
      input_schema: {
        type: 'object',
        properties: { file_path: { type: 'string', description: 'Absolute path' }, limit: { type: 'number', default: 100 } },
        required: ['file_path'],
        additionalProperties: false,
      },
    });
    const [second] = await toApiTools([tool], ctx);
    expect(second?.input_schema).toBe(first.input_schema);
    expect(second?.description).toBe('Reads files (1 tools, call 2).');
  });
});
