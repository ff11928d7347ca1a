// The order of init's slash_commands and skills when the user, the project and plugins all bring
// some, compared with what Claude Code 2.1.332 listed for the same files
// (scripts/reference/pluginInitOrder.mjs records tests/fixtures/reference-output/plugin-init-order.json):
// skills of the user and the project, commands of the project and the user, plugin commands,
// plugin skills, and the built-in commands after all of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePluginInitLayout, type PluginInitLayout } from '../support/pluginInitLayout.js';
import { scenario, STREAM_JSON } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const REFERENCE = join(FIXTURES, 'reference-output');

type Recorded = { order: string[]; skills: string[]; slash_commands: string[] };

const layouts = (JSON.parse(readFileSync(join(REFERENCE, 'plugin-init-scenarios.json'), 'utf8')) as { scenarios: Record<string, PluginInitLayout> }).scenarios;
const recorded = (JSON.parse(readFileSync(join(REFERENCE, 'plugin-init-order.json'), 'utf8')) as { scenarios: Record<string, Recorded> }).scenarios;

describe.each(Object.keys(layouts))('init for the %s layout', (name) => {
  it('lists commands and skills in the reference order', async () => {
    const layout = layouts[name] as PluginInitLayout;
    const reference = recorded[name] as Recorded;
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const pluginArgs = writePluginInitLayout(layout, s.world.home, s.world.repo, join(FIXTURES, 'plugins'));
    const run = await s.run(['-p', 'hi', ...pluginArgs, ...STREAM_JSON]);
    expect(run.code).toBe(0);
    // review-kit's SessionStart hook prints its lines before init.
    const init = run.json().find((line) => line.type === 'system' && line.subtype === 'init') as { slash_commands: string[]; skills: string[] };
    const own = new Set(reference.order);
    expect(init.slash_commands.filter((entry) => own.has(entry))).toEqual(reference.order);
    expect(init.skills).toEqual(reference.skills);
    // Built-ins both list (/compact, /init…) come after every entry of the layout in both.
    const shared = init.slash_commands.filter((entry) => !own.has(entry) && reference.slash_commands.includes(entry));
    expect(shared.length).toBeGreaterThan(0);
    const lastOwn = (list: string[]) => Math.max(...reference.order.map((entry) => list.indexOf(entry)));
    for (const [list, who] of [
      [reference.slash_commands, 'the reference'],
      [init.slash_commands, 'Pulse'],
    ] as const) {
      expect({ who, before: shared.filter((entry) => list.indexOf(entry) < lastOwn(list)) }).toEqual({ who, before: [] });
    }
  });
});
