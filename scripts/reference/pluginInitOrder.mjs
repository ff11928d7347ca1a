#!/usr/bin/env node
// Records the order in which the reference lists commands and skills in stream-json's init line
// when the user, the project and plugins all bring some: each layout of
// tests/fixtures/reference-output/plugin-init-scenarios.json runs once without its files (what the
// reference has of its own) and once with them, and the names the layout added, in the order
// listed, go to plugin-init-order.json beside it with the whole lists, for
// tests/e2e/pluginInitOrder.test.ts. Usage: node scripts/reference/pluginInitOrder.mjs
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from '../bench/harness.mjs';
import { recordScenarios, runScripted } from './streamJsonRecorder.mjs';

const ARGS = ['-p', 'hi', '--output-format', 'stream-json', '--verbose'];
const TURNS = [{ content: [{ type: 'text', text: 'ok' }] }];

async function initOf(modules, name, home, args) {
  const project = join(home, 'project');
  await mkdir(project, { recursive: true });
  const { code, lines } = await runScripted(modules, { name, home, cwd: project, args: [...ARGS, ...args], turns: TURNS });
  return { code, init: lines.find((line) => line.type === 'system' && line.subtype === 'init') };
}

async function record(modules, scratch, name, layout) {
  const bare = await initOf(modules, name, join(scratch, `${name}-bare`), []);
  const home = join(scratch, name);
  await mkdir(join(home, 'project'), { recursive: true });
  const pluginArgs = modules.writePluginInitLayout(layout, home, join(home, 'project'), join(root, 'tests/fixtures/plugins'));
  const { code, init } = await initOf(modules, name, home, pluginArgs);
  const added = (list, own) => list.filter((entry) => !own.includes(entry));
  return {
    exitCode: code,
    order: added(init.slash_commands, bare.init.slash_commands),
    skills: added(init.skills, bare.init.skills),
    slash_commands: init.slash_commands,
  };
}

await recordScenarios({
  name: 'pluginInitOrder',
  moduleSource: "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/pluginInitLayout.ts';",
  scenariosFile: 'plugin-init-scenarios.json',
  outFile: 'plugin-init-order.json',
  argsNote: `${ARGS.join(' ')} + a --plugin-dir for each of the layout's plugins`,
  record,
});
