// /effort against the reference's behaviour (2.1.332, `-p "/effort high"` and the REPL): a level
// applies from the next request; the REPL saves it as the user's effortLevel, print mode keeps it
// for the session; auto clears it; CLAUDE_CODE_EFFORT_LEVEL wins and nothing changes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionEffort } from '../../../src/api/requestFeatures.js';
import { effortCommand } from '../../../src/commands/effort.js';
import type { PickerRequest } from '../../../src/commands/types.js';
import { session } from '../../../src/state/session.js';
import { fakeCommandContext } from './fakeContext.js';

let configDir: string;
const settingsFile = () => join(configDir, 'settings.json');
const saved = async () => JSON.parse(await readFile(settingsFile(), 'utf8')) as Record<string, unknown>;

function run(args: string, model = 'claude-opus-5-5') {
  const { ctx, printed } = fakeCommandContext({ model: { current: () => model, set: () => undefined } });
  return Promise.resolve(effortCommand.run(ctx, args)).then(() => printed.join('\n'));
}

beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'pulse-effort-'));
  vi.stubEnv('CLAUDE_CONFIG_DIR', configDir);
  vi.stubEnv('CLAUDE_CODE_EFFORT_LEVEL', '');
  sessionEffort.set(undefined);
  session.isInteractive = false;
});

afterEach(async () => {
  vi.unstubAllEnvs();
  sessionEffort.set(undefined);
  session.isInteractive = false;
  await rm(configDir, { recursive: true, force: true });
});

describe('/effort', () => {
  it('shows the current choice and what the model in use is sent', async () => {
    expect(await run('')).toMatch(/^Effort: auto \(the model's default; claude-opus-5-5 uses medium\)\. Choose with \/effort low\|medium\|high\|xhigh\|max\|auto\.$/);
    sessionEffort.set('xhigh');
    expect(await run('')).toMatch(/^Effort: xhigh\./);
  });

  it('in print and SDK runs sets the level for the session only', async () => {
    expect(await run('high')).toBe('Effort set to high for this session, from the next message.');
    expect(sessionEffort.get()).toBe('high');
    await expect(readFile(settingsFile())).rejects.toThrow();
  });

  it('in the REPL saves it as the default for new sessions, keeping the other settings; auto removes it', async () => {
    session.isInteractive = true;
    await writeFile(settingsFile(), JSON.stringify({ model: 'opus', permissions: { allow: ['Bash(ls:*)'] } }));
    expect(await run('MAX')).toMatch(/^Effort set to max from the next message; saved as your default in /);
    expect(await saved()).toEqual({ model: 'opus', permissions: { allow: ['Bash(ls:*)'] }, effortLevel: 'max' });
    expect(await run('auto')).toMatch(/^Effort set to auto \(the model's default\) from the next message; the saved effortLevel is removed/);
    expect(sessionEffort.get()).toBe('auto');
    expect(await saved()).toEqual({ model: 'opus', permissions: { allow: ['Bash(ls:*)'] } });
  });

  it('says what a model that takes fewer levels is sent', async () => {
    expect(await run('max', 'claude-opus-4-5')).toBe('Effort set to max (claude-opus-4-5 takes at most high, so high is sent) for this session, from the next message.');
    expect(await run('', 'claude-3-5-haiku')).toContain('none is sent');
  });

  it('refuses an unknown level and leaves the choice alone', async () => {
    sessionEffort.set('low');
    expect(await run('extreme')).toBe('Unknown effort level "extreme": choose one of low, medium, high, xhigh, max, auto.');
    expect(sessionEffort.get()).toBe('low');
  });

  it('changes nothing while CLAUDE_CODE_EFFORT_LEVEL decides', async () => {
    vi.stubEnv('CLAUDE_CODE_EFFORT_LEVEL', 'low');
    session.isInteractive = true;
    expect(await run('high')).toMatch(/^CLAUDE_CODE_EFFORT_LEVEL=low decides the effort of this session/);
    expect(sessionEffort.get()).toBeUndefined();
    await expect(readFile(settingsFile())).rejects.toThrow();
  });

  it("alone with a picker offers the levels with what this model is sent, and applies the one picked", async () => {
    const asked: PickerRequest[] = [];
    const answers = ['max', undefined];
    const pick = (request: PickerRequest) => {
      asked.push(request);
      return Promise.resolve(answers.shift());
    };
    const { ctx, printed } = fakeCommandContext({ model: { current: () => 'claude-opus-4-5', set: () => undefined }, pick });
    await effortCommand.run(ctx, '');
    expect(asked[0]).toMatchObject({ current: 'auto', inUse: "auto (the model's default; claude-opus-4-5 uses high)" });
    expect(asked[0]?.choices.map((choice) => choice.id)).toEqual(['low', 'medium', 'high', 'xhigh', 'max', 'auto']);
    expect(asked[0]?.choices.find((choice) => choice.id === 'max')?.detail).toContain('(claude-opus-4-5 takes at most high, so high is sent)');
    expect(printed.at(-1)).toBe('Effort set to max (claude-opus-4-5 takes at most high, so high is sent) for this session, from the next message.');
    expect(sessionEffort.get()).toBe('max');

    await effortCommand.run(ctx, '');
    expect(asked[1]?.current).toBe('max');
    expect(printed.at(-1)).toBe('Kept effort max (claude-opus-4-5 takes at most high, so high is sent).');
    expect(sessionEffort.get()).toBe('max');
  });

  it('alone while CLAUDE_CODE_EFFORT_LEVEL decides says so rather than opening the picker', async () => {
    vi.stubEnv('CLAUDE_CODE_EFFORT_LEVEL', 'low');
    const pick = vi.fn();
    const { ctx, printed } = fakeCommandContext({ model: { current: () => 'claude-opus-5-5', set: () => undefined }, pick });
    await effortCommand.run(ctx, '');
    expect(pick).not.toHaveBeenCalled();
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Effort: /);
  });
});
