// Custom commands and memory through the built CLI against the mock API: `pulse -p "/review …"`
// sends the expanded command; memory goes in the system prompt at start-up, and a `paths:` rule
// or a sub-folder CLAUDE.md arrives with the tool result of the first Read that touches it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf, scenario, STREAM_JSON } from './harness.js';

function systemText(body: Record<string, unknown> | undefined): string {
  const system = body?.system;
  return (system as Array<{ text: string }> | undefined)?.map((block) => block.text).join('\n') ?? '';
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Every text the request's messages carry, tool results included. */
function messageTexts(body: Record<string, unknown> | undefined): string[] {
  const messages = (body?.messages ?? []) as Array<{ content: unknown }>;
  return messages.flatMap((message) => {
    if (typeof message.content === 'string') return [message.content];
    return (message.content as Array<Record<string, unknown>>).flatMap((block) => {
      if (typeof block.text === 'string') return [block.text];
      if (typeof block.content === 'string') return [block.content];
      return [];
    });
  });
}

describe('custom commands in print mode', () => {
  it('expands /review with its arguments, @file and an allowed ! command', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'reviewed' }] }]);
    await put(join(s.world.repo, 'src', 'auth', 'notes.md'), 'Tokens expire after an hour.\n');
    await put(
      join(s.world.repo, '.claude', 'commands', 'review.md'),
      '---\ndescription: Review an area\nallowed-tools: Bash(echo:*)\n---\nReview $1 ($ARGUMENTS).\nMarker: !`echo shell-ran`\nSee @src/auth/notes.md\n',
    );
    const run = await s.run(['-p', '/review src/auth', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(run.json()[0]?.slash_commands).toContain('review');
    expect(resultOf(run.json()).result).toBe('reviewed');
    const sent = messageTexts(s.mock.requests[0]?.body).join('\n');
    expect(sent).toContain('Review src/auth (src/auth).');
    expect(sent).toContain('Marker: shell-ran');
    expect(sent).toContain('<file path="src/auth/notes.md">\nTokens expire after an hour.\n</file>');
  });

  it('stops with a one-line error when a ! command is not allowed, and names broken command files', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never' }] }]);
    await put(join(s.world.repo, '.claude', 'commands', 'push.md'), 'Run !`git push`\n');
    await put(join(s.world.repo, '.claude', 'commands', 'broken.md'), '---\n[oops, not fields\n---\nx\n');
    const run = await s.run(['-p', '/push']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken.md: the frontmatter is not valid YAML');
    expect(run.stderr).toMatch(/pulse: error: .*git push.*allowed-tools/);
    expect(s.mock.requests).toHaveLength(0);
  });

  it('refuses an unknown /command in one line and sends nothing, while a path stays a prompt', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'about that path' }] }]);
    const unknown = await s.run(['-p', '/nosuch some args']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('pulse: error: Unknown command: /nosuch');
    expect(unknown.stdout).toBe('');
    expect(s.mock.requests).toHaveLength(0);
    const path = await s.run(['-p', '/usr/bin/x is slow']);
    expect(path.code).toBe(0);
    expect(path.stdout.trim()).toBe('about that path');
    expect(messageTexts(s.mock.requests[0]?.body)).toContain('/usr/bin/x is slow');
  });
});

describe('memory reaching the model', () => {
  it('sends start-up memory in the system prompt and nested memory after the first matching Read', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'pkg/api/handler.ts' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_r2', name: 'Read', input: { file_path: 'pkg/api/other.ts' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const { repo } = s.world;
    await put(join(repo, 'CLAUDE.md'), 'Root rule. @docs/style.md\n`@not-code.md` stays.\n');
    await put(join(repo, 'docs', 'style.md'), 'Imported style. @../CLAUDE.md\n');
    await put(join(repo, '.claude', 'rules', 'api.md'), '---\npaths: ["pkg/api/**"]\n---\nScoped API rule.\n');
    await put(join(repo, 'pkg', 'CLAUDE.md'), 'Package rule.\n');
    await put(join(repo, 'pkg', 'api', 'handler.ts'), 'export {};\n');
    await put(join(repo, 'pkg', 'api', 'other.ts'), 'export {};\n');

    const run = await s.run(['-p', 'look', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expect(s.mock.requests).toHaveLength(3);
    const [first, second, third] = s.mock.requests.map((request) => request.body);
    const system = systemText(first);
    expect(system).toContain('Root rule. Imported style. @../CLAUDE.md\n`@not-code.md` stays.');
    for (const later of [second, third]) expect(systemText(later)).toBe(system);
    expect(system).not.toContain('Scoped API rule.');
    expect(system).not.toContain('Package rule.');
    expect(messageTexts(first).join('\n')).not.toContain('Scoped API rule.');

    const afterRead = messageTexts(second).join('\n');
    expect(afterRead).toContain('Scoped API rule.');
    expect(afterRead).toContain('Package rule.');
    const third_ = messageTexts(third).join('\n');
    expect(third_.split('Scoped API rule.')).toHaveLength(2);
    expect(third_.split('Package rule.')).toHaveLength(2);
  });

  it('reads AGENTS.md when there is no CLAUDE.md', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await put(join(s.world.repo, 'AGENTS.md'), 'Agents-only instructions.\n');
    const run = await s.run(['-p', 'hi']);
    expect(run.code).toBe(0);
    expect(systemText(s.mock.requests[0]?.body)).toContain('Agents-only instructions.');
  });
});
