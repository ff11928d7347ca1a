// What start-up takes from settings: in the REPL a broken file is reported and left out while
// the good ones still apply; print mode stops on it. Hooks and the project root come along.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStartupSettings } from '../../../src/bootstrap/startupSettings.js';
import { makeSettingsSandbox, type SettingsSandbox } from './sandbox.js';

let box: SettingsSandbox;
beforeEach(() => {
  box = makeSettingsSandbox();
});
afterEach(() => box.restore());

describe('loadStartupSettings', () => {
  beforeEach(() => {
    box.write(join(box.project, '.claude', 'settings.json'), {
      permissions: { deny: ['Bash(curl:*)'], defaultMode: 'manual' },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }] },
    });
    box.write(join(box.project, '.claude', 'settings.local.json'), '{"permissions": {"allow": "Bash"}}');
  });

  it('warns about a broken file and ignores it, keeping the rest (REPL)', () => {
    const settings = loadStartupSettings({ cwd: box.project, strict: false });
    expect(settings.warnings).toHaveLength(1);
    expect(settings.warnings[0]).toMatch(/settings\.local\.json: permissions\.allow/);
    expect(settings.rules.map((rule) => `${rule.behavior}:${rule.toolName}(${rule.ruleContent})`)).toEqual(['deny:Bash(curl:*)']);
    expect(settings.defaultMode).toBe('default');
    expect(settings.hooks.Stop?.[0]?.hooks).toEqual([{ type: 'command', command: './stop.sh' }]);
    expect(settings.projectRoot).toBe(box.project);
  });

  it('stops on it in print mode, naming the file and the field', () => {
    expect(() => loadStartupSettings({ cwd: box.project, strict: true })).toThrow(/invalid settings: .*settings\.local\.json: permissions\.allow/);
  });
});
