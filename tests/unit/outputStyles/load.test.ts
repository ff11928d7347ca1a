// Output style files in the shapes people publish them (frontmatter with name, description and
// keep-coding-instructions; a bare Markdown file; a description strict YAML refuses; a BOM), read
// from the user's folder, the project's and its parents', and a plugin's, with the reference's
// precedence: a later source replaces an earlier style of the same name, in its place.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOutputStyles, projectOutputStylesDirs } from '../../../src/outputStyles/load.js';
import { createOutputStyleSession, unknownStyleWarning } from '../../../src/outputStyles/session.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function world(): { user: string; outer: string; project: string; plugin: string } {
  const root = mkdtempSync(join(tmpdir(), 'pulse-styles-'));
  roots.push(root);
  const outer = join(root, 'work');
  const project = join(outer, 'app');
  mkdirSync(project, { recursive: true });
  return { user: join(root, 'home', '.claude'), outer, project, plugin: join(root, 'plugin', 'output-styles') };
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('loadOutputStyles', () => {
  it('offers the built-ins first, then plugin, user and project styles in their published shapes', async () => {
    const w = world();
    // A user style that keeps the coding instructions (the layered-on-top shape).
    write(join(w.user, 'output-styles', 'terse-reviewer.md'), '---\nname: Terse Reviewer\ndescription: Reviews in three bullet points\nkeep-coding-instructions: true\n---\n\n# Terse reviewer\n\nReply with at most three bullets.\n');
    // No name: the file name names it. The description holds an unquoted ": ", which strict YAML refuses.
    write(join(w.project, '.claude', 'output-styles', 'data-analyst.md'), '---\ndescription: Analyst voice: tables first, then a short reading\n---\nYou are a data analyst. Lead with a table.\n');
    // No frontmatter at all: the first line describes it.
    write(join(w.project, '.claude', 'output-styles', 'notes', 'plain.md'), '\uFEFFWrite like a lab notebook.\nDate every entry.\n');
    write(join(w.plugin, 'haiku.md'), '---\nname: Haiku\ndescription: Answers in haiku\n---\nAnswer in 5-7-5.\n');
    const { styles, errors } = await loadOutputStyles({ cwd: w.project, userDir: w.user, plugins: [{ path: w.plugin, plugin: 'poetry' }] });
    expect(errors).toEqual([]);
    expect(styles.map((style) => style.name)).toEqual([
      'default', 'Proactive', 'Concise', 'Explanatory', 'Learning', 'poetry:Haiku', 'Terse Reviewer', 'data-analyst', 'plain',
    ]);
    const byName = new Map(styles.map((style) => [style.name, style]));
    expect(byName.get('Terse Reviewer')).toMatchObject({ source: 'user', keepCodingInstructions: true, description: 'Reviews in three bullet points' });
    expect(byName.get('Terse Reviewer')?.prompt).toBe('# Terse reviewer\n\nReply with at most three bullets.');
    expect(byName.get('data-analyst')).toMatchObject({
      source: 'project',
      keepCodingInstructions: false,
      description: 'Analyst voice: tables first, then a short reading',
      prompt: 'You are a data analyst. Lead with a table.',
    });
    expect(byName.get('plain')).toMatchObject({ description: 'Write like a lab notebook.', prompt: 'Write like a lab notebook.\nDate every entry.' });
    expect(byName.get('poetry:Haiku')).toMatchObject({ source: 'plugin', prompt: 'Answer in 5-7-5.' });
    expect(byName.get('Explanatory')).toMatchObject({ source: 'builtin', keepCodingInstructions: true });
  });

  it('lets the project beat the user and a built-in, and a nearer folder beat a farther one, keeping the list order', async () => {
    const w = world();
    write(join(w.user, 'output-styles', 'pirate.md'), '---\nname: Pirate\ndescription: the user pirate\n---\nUSER\n');
    write(join(w.outer, '.claude', 'output-styles', 'pirate.md'), '---\nname: Pirate\ndescription: the outer pirate\n---\nOUTER\n');
    write(join(w.project, '.claude', 'output-styles', 'pirate.md'), '---\nname: Pirate\ndescription: the project pirate\n---\nPROJECT\n');
    write(join(w.project, '.claude', 'output-styles', 'Explanatory.md'), '---\ndescription: our own explanatory\n---\nOURS\n');
    const { styles } = await loadOutputStyles({ cwd: w.project, userDir: w.user });
    expect(styles.map((style) => style.name)).toEqual(['default', 'Proactive', 'Concise', 'Explanatory', 'Learning', 'Pirate']);
    expect(styles.find((style) => style.name === 'Pirate')).toMatchObject({ prompt: 'PROJECT', source: 'project' });
    expect(styles.find((style) => style.name === 'Explanatory')).toMatchObject({ prompt: 'OURS', keepCodingInstructions: false });
  });

  it('reports a file it cannot read in one line and loads the rest', async () => {
    const w = world();
    write(join(w.project, '.claude', 'output-styles', 'list.md'), '---\n- just\n- a list\n---\nbody\n');
    write(join(w.project, '.claude', 'output-styles', 'typed.md'), '---\nkeep-coding-instructions: maybe\n---\nbody\n');
    write(join(w.project, '.claude', 'output-styles', 'fine.md'), '---\nkeep-coding-instructions: "true"\n---\nbody\n');
    const { styles, errors } = await loadOutputStyles({ cwd: w.project, userDir: w.user });
    expect(styles.find((style) => style.name === 'fine')?.keepCodingInstructions).toBe(true);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/list\.md: .*; this output style was skipped$/);
    expect(errors[1]).toMatch(/typed\.md: bad frontmatter \(keep-coding-instructions: .*\); this output style was skipped$/);
  });

  it('reads one style file a plugin manifest names, as well as folders', async () => {
    const w = world();
    write(join(w.plugin, 'solo.md'), '---\ndescription: one file\n---\nSOLO\n');
    const { styles } = await loadOutputStyles({ cwd: w.project, userDir: w.user, plugins: [{ path: join(w.plugin, 'solo.md'), plugin: 'kit' }] });
    expect(styles.find((style) => style.name === 'kit:solo')?.prompt).toBe('SOLO');
  });

  it("never reads the user's folder a second time as a project folder", () => {
    const dirs = projectOutputStylesDirs('/home/ann/code/app', '/home/ann/.claude');
    expect(dirs).not.toContain('/home/ann/.claude/output-styles');
    expect(dirs.at(-1)).toBe('/home/ann/code/app/.claude/output-styles');
    expect(dirs[0]).toBe('/.claude/output-styles');
  });
});

describe('the session style', () => {
  it('matches the setting exactly, and /output-style names regardless of case', async () => {
    const w = world();
    write(join(w.project, '.claude', 'output-styles', 'pirate.md'), '---\nname: Pirate\n---\nARR\n');
    const { styles } = await loadOutputStyles({ cwd: w.project, userDir: w.user });
    expect(createOutputStyleSession(styles, 'Pirate').active()?.prompt).toBe('ARR');
    const lowercase = createOutputStyleSession(styles, 'pirate');
    expect(lowercase.active()).toBeUndefined();
    expect(unknownStyleWarning(lowercase)).toContain('"pirate"');
    expect(lowercase.find('PIRATE')?.name).toBe('Pirate');
    const unset = createOutputStyleSession(styles, undefined);
    expect(unset.currentName()).toBe('default');
    expect(unset.active()).toBeUndefined();
    expect(unknownStyleWarning(unset)).toBeUndefined();
    unset.select(styles.find((style) => style.name === 'Learning')!);
    expect(unset.active()?.name).toBe('Learning');
  });
});
