import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type SettingsSandbox = {
  root: string;
  home: string;
  claudeDir: string;
  project: string;
  managedPath: string;
  write(path: string, content: unknown): string;
  restore(): void;
};

const ENV_KEYS = ['HOME', 'CLAUDE_CONFIG_DIR', 'PULSE_MANAGED_SETTINGS_PATH'] as const;

/** A temp HOME, user config dir, managed-settings path and git project, with env pointing at them. */
export function makeSettingsSandbox(): SettingsSandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-settings-')));
  const home = join(root, 'home');
  const claudeDir = join(home, '.claude');
  const project = join(root, 'work', 'project');
  const managedPath = join(root, 'etc', 'managed-settings.json');
  mkdirSync(claudeDir, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  process.env.HOME = home;
  process.env.CLAUDE_CONFIG_DIR = claudeDir;
  process.env.PULSE_MANAGED_SETTINGS_PATH = managedPath;
  return {
    root,
    home,
    claudeDir,
    project,
    managedPath,
    write(path, content) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return path;
    },
    restore() {
      for (const key of ENV_KEYS) {
        const value = saved[key];
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
