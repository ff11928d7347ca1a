// The layouts of tests/fixtures/reference-output/plugin-init-scenarios.json written out, shared by
// the reference recorder (scripts/reference/pluginInitOrder.mjs) and the test comparing Pulse with
// what it recorded, so both run the very same files.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type PluginInitLayout = { plugins: string[]; home: Record<string, string>; project: Record<string, string> };

function writeAll(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * Writes the layout's files and copies its plugins (from `pluginFixtures`, tests/fixtures/plugins)
 * under `home`; returns the --plugin-dir arguments.
 */
export function writePluginInitLayout(layout: PluginInitLayout, home: string, project: string, pluginFixtures: string): string[] {
  writeAll(home, layout.home);
  writeAll(project, layout.project);
  return layout.plugins.flatMap((name) => {
    const root = join(home, 'plugins', name);
    cpSync(join(pluginFixtures, name), root, { recursive: true });
    return ['--plugin-dir', root];
  });
}
