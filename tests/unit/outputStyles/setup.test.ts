// The session's output styles as start-up wires them, on real folders: with no style set the
// style files are read only when something lists them (and a broken one is reported then,
// once); a style the settings name is read before the system prompt is built, and its
// problems are start-up warnings that /output-style does not repeat.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpOutputStyles } from '../../../src/bootstrap/outputStyleSetup.js';
import { fakeCommandContext } from '../commands/fakeContext.js';

let root: string;
let project: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pulse-style-setup-'));
  project = join(root, 'app');
  const styles = join(project, '.claude', 'output-styles');
  mkdirSync(styles, { recursive: true });
  writeFileSync(join(styles, 'pirate.md'), '---\nname: Pirate\ndescription: Talks like a pirate\n---\nARR\n');
  // A list where a mapping belongs: the file is skipped with a warning.
  writeFileSync(join(styles, 'broken.md'), '---\n- not\n- a mapping\n---\nbody\n');
  vi.stubEnv('CLAUDE_CONFIG_DIR', join(root, 'user-claude'));
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

const setUp = (configured: string | undefined) => setUpOutputStyles({ cwd: project, projectRoot: project, configured, plugins: [] });

describe('setUpOutputStyles', () => {
  it('with no style set, is ready at once and reads the files when /output-style lists them, warning once', async () => {
    const setup = setUp(undefined);
    expect(await setup.ready).toEqual({ warnings: [] });
    expect(setup.styles.currentName()).toBe('default');
    expect(setup.styles.active()).toBeUndefined();

    const first = fakeCommandContext();
    await setup.command.run(first.ctx, '');
    expect(first.printed[0]).toContain('- Pirate: Talks like a pirate');
    expect(first.printed.slice(1)).toEqual([expect.stringMatching(/^Warning: .*broken\.md: .*this output style was skipped$/)]);

    const again = fakeCommandContext();
    await setup.command.run(again.ctx, '');
    expect(again.printed).toHaveLength(1);
  });

  it('switches to a style picked later, which the next system prompt takes, and saves it', async () => {
    const setup = setUp('default');
    const { ctx, printed } = fakeCommandContext();
    await setup.command.run(ctx, 'pirate');
    expect(printed[0]).toMatch(/^Output style set to Pirate;/);
    expect(setup.styles.currentName()).toBe('Pirate');
    expect(setup.styles.active()?.prompt).toBe('ARR');
    expect(JSON.parse(readFileSync(join(project, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ outputStyle: 'Pirate' });
  });

  it('lists every style for an SDK initialize without a style set', async () => {
    const names = (await setUp(undefined).styles.loaded()).styles().map((style) => style.name);
    expect(names).toEqual(['default', 'Proactive', 'Concise', 'Explanatory', 'Learning', 'Pirate']);
  });

  it('reads a style the settings name before the prompt is built; its warnings come at start-up only', async () => {
    const setup = setUp('Pirate');
    const { warnings } = await setup.ready;
    expect(warnings).toEqual([expect.stringMatching(/broken\.md: .*this output style was skipped$/)]);
    expect(setup.styles.active()?.prompt).toBe('ARR');
    const { ctx, printed } = fakeCommandContext();
    await setup.command.run(ctx, '');
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('Output style: Pirate');
  });

  it('warns at start-up about a style the settings name that does not exist', async () => {
    const { warnings } = await setUp('Ninja').ready;
    expect(warnings.at(-1)).toMatch(/the outputStyle setting names "Ninja", which is not an output style here/);
  });
});
