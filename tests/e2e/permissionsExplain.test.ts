// `pulse permissions explain`: the built CLI, in a project whose settings hold rules, says what
// it would answer and why — the verdict, each command as bash will run it, the rule and the file
// it came from, the mode or path check — and the same words the model would get. It runs
// nothing from the folder (a SessionStart hook stays untouched even though nobody trusted it).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, runPulse, type PulseWorld } from '../support/runPulse.js';

const worlds: PulseWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.cleanup()));
});

async function project(): Promise<{ world: PulseWorld; marker: string }> {
  const world = await createWorld({ trusted: false });
  worlds.push(world);
  const marker = join(world.home, 'hook-ran');
  await mkdir(join(world.repo, '.claude'));
  await mkdir(join(world.repo, 'secrets'));
  await writeFile(join(world.repo, 'secrets', 'key'), 'TOKEN\n');
  await writeFile(join(world.repo, 'README.md'), '# readme\n');
  const settings = {
    permissions: { allow: ['Bash(npm test:*)'], deny: ['Bash(git commit:*)', 'Read(./secrets/**)'], ask: ['Bash(git push:*)'] },
    hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `touch ${marker}` }] }] },
  };
  await writeFile(join(world.repo, '.claude', 'settings.json'), JSON.stringify(settings));
  return { world, marker };
}

const explain = (world: PulseWorld, ...args: string[]) => runPulse(['permissions', 'explain', ...args], { world, apiKey: null });

describe('pulse permissions explain', () => {
  it('names the deny rule and its settings file for a git commit hidden behind a global option', async () => {
    const { world, marker } = await project();
    const run = await explain(world, 'git -c user.name=x commit -m y');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Verdict: deny');
    expect(run.stdout).toContain('Decided by: deny rule');
    expect(run.stdout).toContain('1. git -c user.name=x commit -m y');
    expect(run.stdout).toContain(`rule Bash(git commit:*) (projectSettings) from ${join(world.repo, '.claude', 'settings.json')}`);
    expect(run.stdout).toContain('Message to the model and to you: Permission to use Bash has been denied');
    expect(existsSync(marker)).toBe(false);
  });

  it('shows each command as bash runs it, with the rule that covers one and why the other needs approval', async () => {
    const { world } = await project();
    const run = await explain(world, "npm test -- --watch=false && cd src && touch {a,b}.ts");
    expect(run.stdout).toContain('Verdict: ask');
    expect(run.stdout).toContain('1. npm test -- --watch=false');
    expect(run.stdout).toContain('allow: allowed by Bash(npm test:*) (projectSettings)');
    expect(run.stdout).toContain('3. touch a.ts b.ts');
    expect(run.stdout).toContain(`in ${world.repo} or ${join(world.repo, 'src')}`);
    expect(run.stdout).toMatch(/ask: no rule allows it and touch changes files/);
  });

  it('judges in the mode asked for, and says which path check decided', async () => {
    const { world } = await project();
    const accepted = await explain(world, '--mode', 'acceptEdits', 'touch notes.txt');
    expect(accepted.stdout).toContain('Mode: acceptEdits');
    expect(accepted.stdout).toContain('Verdict: allow');
    const outside = await explain(world, '--mode', 'acceptEdits', 'cd .. && touch x');
    expect(outside.stdout).toContain('Verdict: ask');
    expect(outside.stdout).toContain('Decided by: path check');
    expect(outside.stdout).toContain('outside the working directories');
    const secret = await explain(world, 'grep -r TOKEN .');
    expect(secret.stdout).toContain('Verdict: deny');
    expect(secret.stdout).toContain(`reads ${join(world.repo, 'secrets', 'key')}, which Read(./secrets/**) (projectSettings) covers`);
  });

  it('explains a file tool call written as Tool(arg), with the same path decision', async () => {
    const { world } = await project();
    const read = await explain(world, 'Read(secrets/key)');
    expect(read.stdout).toContain(`Read: ${join(world.repo, 'secrets', 'key')}`);
    expect(read.stdout).toContain('Verdict: deny');
    expect(read.stdout).toContain('Path check: deny (rule: Read(./secrets/**) (projectSettings)');
    const readme = await explain(world, 'Read(README.md)');
    expect(readme.stdout).toContain('Verdict: allow');
    expect(readme.stdout).toContain('Path check: allow (inside)');
  });

  it('refuses a bad mode with one line and a non-zero exit', async () => {
    const { world } = await project();
    const run = await explain(world, '--mode', 'sideways', 'ls');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^pulse permissions: /);
  });
});
