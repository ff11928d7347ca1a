// Output styles through the built CLI against the mock: the `outputStyle` setting changes the
// system prompt the model receives, `/output-style` (print mode and an SDK session) saves the
// choice in .claude/settings.local.json and applies it from the next request, and system/init
// and the SDK's initialize answer name the style and every style on offer.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { query, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { resultOf, scenario, STREAM_JSON, type Scenario } from './harness.js';
import { collect, sdkOptions, userMessage } from './sdkHarness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

function withStyles(s: Scenario, settings?: Record<string, unknown>): void {
  cpSync(join(FIXTURES, 'output-styles', 'user'), join(s.world.home, '.claude', 'output-styles'), { recursive: true });
  cpSync(join(FIXTURES, 'output-styles', 'project'), join(s.world.repo, '.claude', 'output-styles'), { recursive: true });
  if (settings) writeFileSync(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(settings));
}

function systemText(s: Scenario, index: number): string {
  return ((s.mock.requests[index]?.body.system ?? []) as Array<{ text: string }>).map((block) => block.text).join('\n');
}

function localSettings(s: Scenario): Record<string, unknown> {
  return JSON.parse(readFileSync(join(s.world.repo, '.claude', 'settings.local.json'), 'utf8')) as Record<string, unknown>;
}

describe('output styles', () => {
  it('sends the style the settings name, without the brevity and coding instructions it does not keep', async () => {
    const s = await scenario([ok]);
    withStyles(s, { outputStyle: 'data-analyst' });
    const run = await s.run(['-p', 'hi', ...STREAM_JSON]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json()[0]).toMatchObject({ subtype: 'init', output_style: 'data-analyst' });
    const system = systemText(s, 0);
    expect(system).toContain('# Output style: data-analyst\nYou are a data analyst');
    expect(system).toContain('- Lead with a table of the figures asked for.');
    expect(system).not.toContain('Be concise.');
    expect(system).not.toContain('Read a file before you change it.');
  });

  it('keeps the coding instructions for a style that asks to, and warns once about a style that does not exist', async () => {
    const s = await scenario([ok], ok);
    withStyles(s, { outputStyle: 'Terse Reviewer' });
    await s.run(['-p', 'hi']);
    expect(systemText(s, 0)).toContain('TERSE-REVIEWER-MARKER');
    expect(systemText(s, 0)).toContain('Read a file before you change it.');
    writeFileSync(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ outputStyle: 'no-such-style' }));
    const run = await s.run(['-p', 'hi']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('pulse: warning: the outputStyle setting names "no-such-style", which is not an output style here; the default style is used (see /output-style)\n');
    expect(systemText(s, 1)).toContain('Be concise.');
    expect(systemText(s, 1)).not.toContain('# Output style');
  });

  it('/output-style in print mode lists the styles, saves a choice in settings.local.json, and the next run uses it', async () => {
    const s = await scenario([ok]);
    withStyles(s);
    mkdirSync(join(s.world.repo, '.claude'), { recursive: true });
    writeFileSync(join(s.world.repo, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Bash(ls:*)'] } }));
    const plugin = join(s.world.home, 'review-kit');
    cpSync(join(FIXTURES, 'plugins', 'review-kit'), plugin, { recursive: true });

    const listed = await s.run(['-p', '/output-style', '--plugin-dir', plugin, '--output-format', 'json']);
    expect(listed.code).toBe(0);
    const list = String(resultOf(listed.json()).result);
    expect(list).toMatch(/^Output style: default\n/);
    expect(list).toContain('- default (current): ');
    expect(list).toContain('- review-kit:Release Voice: Writes like release notes');
    expect(list).toContain('- Terse Reviewer: Code review in three bullets, coding rules kept');
    expect(list).toContain('- data-analyst: Analyst voice: tables first, then a short reading of them');

    const set = await s.run(['-p', '/output-style explanatory', '--output-format', 'json']);
    expect(set.code).toBe(0);
    expect(resultOf(set.json())).toMatchObject({ is_error: false, num_turns: 0 });
    expect(String(resultOf(set.json()).result)).toMatch(/^Output style set to Explanatory/);
    expect(s.mock.requests).toHaveLength(0);
    expect(localSettings(s)).toEqual({ permissions: { allow: ['Bash(ls:*)'] }, outputStyle: 'Explanatory' });

    const unknown = await s.run(['-p', '/output-style nosuch', '--output-format', 'json']);
    expect(String(resultOf(unknown.json()).result)).toContain('There is no output style "nosuch". Available styles: default, Proactive, Concise, Explanatory, Learning');
    expect(localSettings(s).outputStyle).toBe('Explanatory');

    const next = await s.run(['-p', 'hi', ...STREAM_JSON]);
    expect(next.json()[0]).toMatchObject({ output_style: 'Explanatory' });
    expect(systemText(s, 0)).toContain('# Output style: Explanatory');
    expect(systemText(s, 0)).toContain('Read a file before you change it.');
  });

  it('an SDK session names the styles in initialize and switches at /output-style for the next message', async () => {
    const s = await scenario([ok, ok]);
    withStyles(s);
    const plugin = join(s.world.home, 'review-kit');
    cpSync(join(FIXTURES, 'plugins', 'review-kit'), plugin, { recursive: true });
    let initialized!: () => void;
    const ready = new Promise<void>((resolve) => (initialized = resolve));
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      await ready;
      yield userMessage('first');
      yield userMessage('/output-style review-kit:release voice');
      yield userMessage('second');
    }
    const run = query({ prompt: prompts(), options: sdkOptions(s, { extraArgs: { 'plugin-dir': plugin } }) });
    const collected = collect(run);
    const init = await run.initializationResult();
    initialized();
    expect(init.output_style).toBe('default');
    expect(init.available_output_styles).toEqual([
      'default', 'Proactive', 'Concise', 'Explanatory', 'Learning', 'review-kit:Release Voice', 'Terse Reviewer', 'data-analyst',
    ]);
    const messages = await collected;
    const results = messages.filter((message) => message.type === 'result');
    expect(results).toHaveLength(3);
    expect(results[1]).toMatchObject({ is_error: false, result: expect.stringMatching(/^Output style set to review-kit:Release Voice/) });
    expect(s.mock.requests).toHaveLength(2);
    expect(systemText(s, 0)).not.toContain('RELEASE-VOICE-MARKER');
    expect(systemText(s, 1)).toContain('# Output style: review-kit:Release Voice\nPhrase every answer');
    expect(localSettings(s).outputStyle).toBe('review-kit:Release Voice');
    const inits = messages.filter((message) => message.type === 'system' && message.subtype === 'init');
    expect(inits.at(-1)).toMatchObject({ output_style: 'review-kit:Release Voice' });
  });
});
