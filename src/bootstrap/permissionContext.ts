// The session's starting permission context: the mode, every rule (settings first, then the
// command line) and the directories file tools may touch without asking.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { rulesFromCliFlags } from '../permissions/rules.js';
import type { PermissionMode, PermissionRule, ToolPermissionContext } from '../types/permissions.js';

export type PermissionContextInputs = {
  /** Already symlink-resolved. */
  cwd: string;
  flagMode?: PermissionMode;
  dangerouslySkipPermissions: boolean;
  settingsDefaultMode?: PermissionMode;
  settingsRules: PermissionRule[];
  allowedTools: readonly string[];
  disallowedTools: readonly string[];
  /** `--add-dir`, relative to cwd. */
  addDirs: readonly string[];
  /** Settings `permissions.additionalDirectories`, already absolute. */
  settingsDirectories: readonly string[];
};

/** --dangerously-skip-permissions beats --permission-mode, which beats settings. */
export function startingMode(inputs: PermissionContextInputs): PermissionMode {
  if (inputs.dangerouslySkipPermissions) return 'bypassPermissions';
  return inputs.flagMode ?? inputs.settingsDefaultMode ?? 'default';
}

function directoryFromFlag(cwd: string, dir: string): string {
  try {
    return realpathSync(resolve(cwd, dir));
  } catch {
    throw new Error(`--add-dir ${dir}: no such directory`);
  }
}

/** Settings directories that vanished are skipped rather than fatal: the file may be stale. */
function directoryFromSettings(cwd: string, dir: string): string[] {
  try {
    return [realpathSync(resolve(cwd, dir))];
  } catch {
    return [];
  }
}

export function buildPermissionContext(inputs: PermissionContextInputs): ToolPermissionContext {
  const directories = [
    inputs.cwd,
    ...inputs.addDirs.map((dir) => directoryFromFlag(inputs.cwd, dir)),
    ...inputs.settingsDirectories.flatMap((dir) => directoryFromSettings(inputs.cwd, dir)),
  ];
  return {
    mode: startingMode(inputs),
    rules: [
      ...inputs.settingsRules,
      ...rulesFromCliFlags({ allowedTools: inputs.allowedTools, disallowedTools: inputs.disallowedTools }),
    ],
    workingDirectories: [...new Set(directories)],
  };
}
