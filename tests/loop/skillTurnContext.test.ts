// A skill the model invokes brings its SKILL.md `allowed-tools` and `model` into force for the
// rest of that turn, as a typed /command does: the next request uses the skill's model and a
// Bash call its rules allow runs without a permission question.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { skillCatalogFrom } from '../../src/bootstrap/skillCatalog.js';
import type { CanUseToolFn } from '../../src/query/deps.js';
import { skillCommand } from '../../src/skills/invoke.js';
import { loadSkills } from '../../src/skills/load.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import { createSkillTool } from '../../src/tools/skill/SkillTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { makeToolContext } from '../support/toolContext.js';
import { TEST_MODEL } from './harness.js';
import { runAgainstMock } from './mockHarness.js';

let root: string;
let mock: MockAnthropic | undefined;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-skill-turn-')));
  const dir = join(root, '.claude', 'skills', 'stamp');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'SKILL.md'),
    '---\ndescription: Stamps the release\nallowed-tools: Bash(touch:*)\nmodel: haiku\n---\nTouch stamped.txt in the project.\n',
  );
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await rm(root, { recursive: true, force: true });
});

async function toolPool(): Promise<AnyTool[]> {
  const { skills } = await loadSkills({ project: join(root, '.claude', 'skills'), user: join(root, 'no-user-skills') });
  const catalog = skillCatalogFrom({ commands: skills.map(skillCommand), skills, errors: [] });
  return [createSkillTool(catalog) as AnyTool, BashTool];
}

const touch: MockTurn = { content: [{ type: 'tool_use', id: 'toolu_touch', name: 'Bash', input: { command: 'touch stamped.txt' } }] };
const done: MockTurn = { content: [{ type: 'text', text: 'Stamped.' }] };

async function run(turns: MockTurn[]) {
  mock = await startMockAnthropic({ turns });
  const canUseTool = vi.fn<CanUseToolFn>(async () => ({ behavior: 'deny', message: 'Not without asking.' }));
  const context = makeToolContext(root, { options: { model: TEST_MODEL, isNonInteractive: true, verbose: false, env: {} } });
  const result = await runAgainstMock(mock, { tools: await toolPool(), canUseTool, context });
  return { ...result, canUseTool, models: mock.requests.map((req) => req.body.model) };
}

describe("a skill's allowed-tools and model", () => {
  it('hold for the rest of the turn once the model invokes the skill', async () => {
    const outcome = await run([
      { content: [{ type: 'tool_use', id: 'toolu_skill', name: 'Skill', input: { skill: 'stamp' } }] },
      touch,
      done,
    ]);

    expect(outcome.terminal).toEqual({ reason: 'completed' });
    expect(outcome.models).toEqual([TEST_MODEL, 'claude-haiku-5-5', 'claude-haiku-5-5']);
    expect(outcome.canUseTool).not.toHaveBeenCalled();
    expect(existsSync(join(root, 'stamped.txt'))).toBe(true);
  });

  it('do not apply when the skill was not invoked', async () => {
    const outcome = await run([touch, done]);

    expect(outcome.models).toEqual([TEST_MODEL, TEST_MODEL]);
    expect(outcome.canUseTool).toHaveBeenCalledTimes(1);
    expect(existsSync(join(root, 'stamped.txt'))).toBe(false);
  });
});
