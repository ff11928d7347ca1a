// What start-up feeds the model and how it treats settings: system prompt parts, memory,
// settings rules and broken settings files.
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineKinds, resultOf, scenario, STREAM_JSON } from './harness.js';

function systemText(body: Record<string, unknown> | undefined): string {
  const system = body?.system;
  if (typeof system === 'string') return system;
  return (system as Array<{ text: string }> | undefined)?.map((block) => block.text).join('\n') ?? '';
}

describe('start-up', () => {
  it('sends identity, environment, memory and appended text in the system prompt', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeFile(join(s.world.repo, 'CLAUDE.md'), 'Always answer in haiku.\n');
    const run = await s.run(['hi', '-p', '--append-system-prompt', 'APPENDED-MARKER']);
    expect(run.code).toBe(0);
    const system = systemText(s.mock.requests[0]?.body);
    expect(system).toContain('You are Pulse');
    expect(system).toContain(`Working directory: ${s.world.repo}`);
    expect(system).toContain('Git repository: yes');
    expect(system).toContain('Always answer in haiku.');
    expect(system.trim().endsWith('APPENDED-MARKER')).toBe(true);
  });

  it('lets --system-prompt replace the identity', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const run = await s.run(['hi', '-p', '--system-prompt', 'You are a terse robot.']);
    expect(run.code).toBe(0);
    const system = systemText(s.mock.requests[0]?.body);
    expect(system).toContain('You are a terse robot.');
    expect(system).not.toContain('You are Pulse');
  });

  it('offers only the tools named in --tools', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const run = await s.run(['hi', '-p', '--tools', 'Read,Grep', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(run.json()[0]?.tools).toEqual(['Read', 'Grep']);
    const sent = (s.mock.requests[0]?.body.tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(sent).toEqual(['Read', 'Grep']);
  });

  it('applies permission rules from --settings', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'new.txt', content: 'hi\n' } }] },
      { content: [{ type: 'text', text: 'written' }] },
    ]);
    const settings = JSON.stringify({ permissions: { allow: ['Write'] } });
    const run = await s.run(['write', '-p', '--settings', settings, ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(existsSync(join(s.world.repo, 'new.txt'))).toBe(true);
    expect(resultOf(run.json())).toMatchObject({ permission_denials: [] });
  });

  it('stops print mode on a broken settings file with one line naming it', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never sent' }] }]);
    await mkdir(join(s.world.repo, '.claude'));
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), '{"permissions": {"allow": "Bash"}}');
    const run = await s.run(['hi', '-p']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^pulse: error: .*\.claude\/settings\.json.*permissions\.allow/);
    expect(s.mock.requests).toHaveLength(0);
  });

  it('prints raw stream events with --include-partial-messages', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'streamed' }] }]);
    const run = await s.run(['hi', '-p', '--include-partial-messages', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    const kinds = lineKinds(run.json());
    expect(kinds[0]).toBe('system/init');
    expect(kinds).toContain('stream_event');
    const events = run.json().filter((line) => line.type === 'stream_event');
    expect(events.map((line) => (line.event as { type: string }).type)).toEqual(
      expect.arrayContaining(['message_start', 'content_block_delta', 'message_stop']),
    );
  });
});

describe('the code cache', () => {
  it('is written by the first print run and reused unchanged by the next', async () => {
    const s = await scenario([], { content: [{ type: 'text', text: 'ok' }] });
    const cacheDir = join(s.world.configDir, 'cache');
    expect((await s.run(['hi', '-p'])).code).toBe(0);
    const written = (await readdir(cacheDir)).filter((name) => name.startsWith('cli-print-'));
    expect(written).toHaveLength(1);
    const first = await stat(join(cacheDir, written[0] ?? ''));

    const second = await s.run(['again', '-p']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('ok');
    // A cache V8 refused (other flags, another bundle) would have been written again.
    expect((await stat(join(cacheDir, written[0] ?? ''))).mtimeMs).toBe(first.mtimeMs);
  });
});
