// A CLAUDE.md in a folder below cwd arrives as a meta message after the first Read there. A
// compaction summarises that message away, so the compacted conversation must carry the file
// again: after auto-compaction in the loop and after /compact alike.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withNestedMemory } from '../../src/bootstrap/nestedMemoryTools.js';
import { createNestedMemory, type NestedMemory } from '../../src/memory/nested.js';
import { compactNow } from '../../src/query/manualCompact.js';
import { resetSession } from '../../src/state/session.js';
import { FILE_TOOLS } from '../../src/tools/fileTools.js';
import type { AnyTool, ToolUseContext } from '../../src/tools/Tool.js';
import type { LoopEvent } from '../../src/types/messages.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { scriptedModel, text, toolUse } from '../support/scriptedModel.js';
import { makeToolContext } from '../support/toolContext.js';
import { fakeTool, runQuery, TEST_MODEL } from './harness.js';
import { assistant, textBlock } from '../unit/compact/fixtures.js';

const RULE = 'Folder rule: parsers here never throw, they return a Result.';
const SUMMARY = '<analysis>scratch</analysis><summary>1. Goal and intent: fix the parser.</summary>';

let root: string;
let memory: NestedMemory;
let savedWindow: string | undefined;

beforeEach(async () => {
  savedWindow = process.env.PULSE_CONTEXT_WINDOW;
  // 60k tokens puts auto-compaction at about 27k, within reach of one big tool result.
  process.env.PULSE_CONTEXT_WINDOW = '60000';
  root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-nested-compact-')));
  await mkdir(join(root, 'parser'));
  await writeFile(join(root, 'parser', 'CLAUDE.md'), `${RULE}\n`);
  await writeFile(join(root, 'parser', 'parse.ts'), 'export const parse = () => 1;\n');
  memory = createNestedMemory({ cwd: root });
});

afterEach(async () => {
  if (savedWindow === undefined) delete process.env.PULSE_CONTEXT_WINDOW;
  else process.env.PULSE_CONTEXT_WINDOW = savedWindow;
  await rm(root, { recursive: true, force: true });
});

function context(): ToolUseContext {
  return makeToolContext(root, {
    options: { model: TEST_MODEL, isNonInteractive: true, verbose: false, env: {} },
    loadedMemory: memory.loaded,
  });
}

function tools(): AnyTool[] {
  const [read] = FILE_TOOLS;
  const big = fakeTool({
    name: 'Big',
    run: async function* () {
      return { data: 'word '.repeat(24_000) };
    },
  });
  return withNestedMemory([read as AnyTool, big], memory);
}

const sent = (requests: Array<{ messages: unknown }>, index: number): string => JSON.stringify(requests[index]?.messages);

describe('nested memory and compaction', () => {
  it('is attached again after auto-compaction in the loop', async () => {
    const run = await runQuery({
      compaction: 'real',
      tools: tools(),
      context: context(),
      turns: [
        { blocks: [toolUse('Read', { file_path: join(root, 'parser', 'parse.ts') })] },
        { blocks: [toolUse('Big', {})] },
        { blocks: [text(SUMMARY)] },
        { blocks: [text('Fixed.')] },
      ],
    });

    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests.map((request) => request.querySource)).toEqual(['print', 'print', 'compact', 'print']);
    expect(sent(run.requests, 1)).toContain(RULE);
    const afterCompaction = sent(run.requests, 3);
    expect(afterCompaction).toContain('fix the parser');
    expect(afterCompaction).not.toContain('word word');
    expect(afterCompaction).toContain(RULE);
    expect(afterCompaction).toContain(join(root, 'parser', 'CLAUDE.md'));
  });

  it('is attached again after /compact', async () => {
    resetSession();
    await memory.forFiles([join(root, 'parser', 'parse.ts')]);
    const model = scriptedModel([{ blocks: [text(SUMMARY)] }]);
    const events: LoopEvent[] = [];
    const compaction = compactNow({
      messages: [createUserMessage({ content: 'Fix the parser.' }), assistant([textBlock('Looking.')]), createUserMessage({ content: RULE, isMeta: true })],
      context: context(),
      callModel: model.callModel,
    });
    let step = await compaction.next();
    while (!step.done) {
      events.push(step.value);
      step = await compaction.next();
    }

    expect(step.value).toEqual({ reason: 'completed' });
    const kept = events.filter((event) => event.type === 'user').map((event) => JSON.stringify(event.message.content));
    expect(kept[0]).toContain('fix the parser');
    expect(kept.some((content) => content.includes(RULE))).toBe(true);
  });

  it('is not attached when no folder memory was loaded', async () => {
    resetSession();
    const model = scriptedModel([{ blocks: [text(SUMMARY)] }]);
    const events: LoopEvent[] = [];
    const compaction = compactNow({ messages: [createUserMessage({ content: 'Hello.' }), assistant([textBlock('Hi.')])], context: context(), callModel: model.callModel });
    for (let step = await compaction.next(); !step.done; step = await compaction.next()) events.push(step.value);

    expect(JSON.stringify(events)).not.toContain(RULE);
  });
});
