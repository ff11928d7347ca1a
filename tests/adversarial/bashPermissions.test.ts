// The adversarial table (bash-permissions.json, beside this file): commands from public
// advisories, issues and peers' shell-safety tests, each with the rules and mode it runs under
// and the answer Pulse must give. Attacks must never be allowed (a bypass) and must get the
// listed answer; positive cases must run without a question (an over-block otherwise). The
// fixture is a real project on disk: secrets, a symlink to them, a folder outside, a sibling
// folder sharing the project's name prefix, a home with an SSH key, a bare repository inside.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePermission } from '../../src/permissions/resolve.js';
import type { PermissionBehavior, PermissionMode } from '../../src/types/permissions.js';
import { buildRules, fakeContext, tools, type RuleSpec } from '../unit/permissions/fakes.js';

type Case = {
  class: string;
  source: string;
  expect: PermissionBehavior;
  command?: string;
  tool?: 'Read' | 'Grep' | 'Edit';
  input?: Record<string, string>;
  rules?: RuleSpec;
  mode?: PermissionMode;
  note?: string;
};

const cases = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'bash-permissions.json'), 'utf8')) as Case[];

const root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-adversarial-')));
const project = join(root, 'project');
const places = { '{root}': root, '{project}': project, '{outside}': join(root, 'outside'), '{home}': join(root, 'home') };
const savedHome = process.env.HOME;

function fill(text: string): string {
  return Object.entries(places).reduce((current, [marker, path]) => current.replaceAll(marker, path), text);
}

beforeAll(() => {
  for (const dir of ['project/.git/hooks', 'project/secrets', 'project/src', 'project/.claude', 'project/vendor/bare/objects', 'project/vendor/bare/refs', 'outside', 'project-evil', 'home/.ssh']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  const files: Record<string, string> = {
    'project/secrets/key': 'TOKEN=s3cret\n', 'project/src/a.ts': 'export const a = 1;\n', 'project/README.md': '# readme\n',
    'project/f': 'line\n', 'project/.env': 'X=1\n', 'project/vendor/bare/HEAD': 'ref: refs/heads/main\n', 'outside/x': 'outside\n',
    'project-evil/x': 'evil\n', 'home/.ssh/id_rsa': 'KEY\n', 'home/.bashrc': '# rc\n',
  };
  for (const [path, content] of Object.entries(files)) writeFileSync(join(root, path), content);
  symlinkSync(join(project, 'secrets', 'key'), join(project, 'link-to-secret'));
  symlinkSync(join(project, 'secrets'), join(project, 'link-dir'));
  symlinkSync(join(root, 'outside'), join(project, 'escape'));
  // Names that are not UTF-8, which the tools show and accept escaped (`\xff`): a link so named
  // must be judged where it leads, like any other link.
  const bytesIn = (name: string, byte: number): Buffer => Buffer.concat([Buffer.from(join(project, name)), Buffer.from([byte])]);
  symlinkSync(join(project, 'secrets', 'key'), bytesIn('odd-link', 0xff));
  symlinkSync(join(root, 'outside'), bytesIn('odd-escape', 0xfe));
  writeFileSync(bytesIn('odd-file', 0xfd), 'plain\n');
  process.env.HOME = join(root, 'home');
});

afterAll(() => {
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

async function answer(row: Case): Promise<PermissionBehavior | 'passthrough'> {
  const ctx = fakeContext({ cwd: project, mode: row.mode ?? 'default', rules: buildRules(row.rules ?? {}) });
  if (row.tool) {
    const input = Object.fromEntries(Object.entries(row.input ?? {}).map(([key, value]) => [key, fill(value)]));
    return (await resolvePermission(tools[row.tool], input, ctx)).behavior;
  }
  return (await resolvePermission(tools.Bash, { command: fill(row.command ?? '') }, ctx)).behavior;
}

const label = (row: Case): string => `[${row.class}] ${JSON.stringify(row.tool ? `${row.tool}(${JSON.stringify(row.input)})` : row.command)}${row.mode ? ` in ${row.mode}` : ''} → ${row.expect}`;
const results: Array<{ row: Case; got: string }> = [];

describe('the adversarial permission table', () => {
  it('has at least 150 cases, each naming its public source, with positive cases beside the attacks', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(cases.every((row) => row.source.trim().length > 10)).toBe(true);
    expect(cases.filter((row) => row.expect === 'allow').length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases.map((row) => [label(row), row] as const))('%s', async (_name, row) => {
    const got = await answer(row);
    results.push({ row, got });
    expect(got).toBe(row.expect);
  });

  it('counts no bypasses and no over-blocks', () => {
    const bypasses = results.filter(({ row, got }) => row.expect !== 'allow' && got === 'allow');
    const overBlocks = results.filter(({ row, got }) => row.expect === 'allow' && got !== 'allow');
    const attacks = cases.filter((row) => row.expect !== 'allow').length;
    console.log(`adversarial table: ${cases.length} cases (${attacks} attacks, ${cases.length - attacks} positive); ${bypasses.length} bypasses, ${overBlocks.length} over-blocks`);
    expect(results).toHaveLength(cases.length);
    expect(bypasses.map(({ row }) => label(row))).toEqual([]);
    expect(overBlocks.map(({ row }) => label(row))).toEqual([]);
  });
});
