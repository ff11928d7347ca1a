// Reads settings for startup and reduces them to what bootstrap uses. Print mode stops on a
// broken settings file (one line naming the file); the REPL carries on and shows a warning.
import { resolve } from 'node:path';
import { parsePermissionMode } from '../permissions/updates.js';
import type { PermissionMode, PermissionRule } from '../types/permissions.js';
import type { HooksConfig } from '../hooks/config.js';
import type { McpApprovalSettings } from '../mcp/approval.js';
import { hooksConfigFromSettings, loadSettings, rulesFromSettings } from './settings/index.js';

export type StartupSettings = {
  env: Record<string, string>;
  apiKeyHelper?: string;
  /** Bedrock's AWS login commands. */
  awsAuthRefresh?: string;
  awsCredentialExport?: string;
  model?: string;
  fallbackModel?: string;
  defaultMode?: PermissionMode;
  rules: PermissionRule[];
  /** Absolute paths (relative entries are taken from the project root). */
  additionalDirectories: string[];
  /** Runnable hooks from every valid source (none when `disableAllHooks` is set). */
  hooks: HooksConfig;
  /** Where project settings live; hooks run here and "don't ask again" writes here. */
  projectRoot: string;
  /** Which `.mcp.json` servers may start. */
  mcpApproval: McpApprovalSettings;
  /** `disableAllHooks`: plugin hooks stay off too. */
  hooksDisabled: boolean;
  /** Plugins the settings turn on or off, by `<plugin>@<marketplace>`. */
  enabledPlugins: Record<string, boolean | string[]>;
  warnings: string[];
};

export type StartupSettingsOptions = {
  cwd: string;
  flagSettings?: string;
  /** Throw on the first broken file instead of warning. */
  strict: boolean;
};

export function loadStartupSettings(options: StartupSettingsOptions): StartupSettings {
  const loaded = loadSettings({ cwd: options.cwd, flagSettings: options.flagSettings });
  const warnings = loaded.errors.map((error) => error.message);
  const [firstProblem] = warnings;
  if (options.strict && firstProblem !== undefined) {
    const more = warnings.length > 1 ? ` (and ${warnings.length - 1} more settings problem(s))` : '';
    throw new Error(`invalid settings: ${firstProblem}${more}`);
  }
  const { merged, projectRoot } = loaded;
  // `manual` is the reference's newer name for the default mode; the parser knows it.
  const mode = merged.permissions?.defaultMode;
  return {
    // `autoCompactEnabled: false` reaches the context layers the way the environment switch does.
    env: { ...merged.env, ...(merged.autoCompactEnabled === false ? { PULSE_DISABLE_AUTO_COMPACT: '1' } : {}) },
    apiKeyHelper: merged.apiKeyHelper,
    awsAuthRefresh: merged.awsAuthRefresh,
    awsCredentialExport: merged.awsCredentialExport,
    model: merged.model,
    fallbackModel: merged.fallbackModel,
    defaultMode: mode === undefined ? undefined : parsePermissionMode(mode),
    rules: rulesFromSettings(loaded.bySource, projectRoot),
    additionalDirectories: (merged.permissions?.additionalDirectories ?? []).map((dir) => resolve(projectRoot, dir)),
    hooks: hooksConfigFromSettings(merged),
    hooksDisabled: merged.disableAllHooks === true,
    enabledPlugins: merged.enabledPlugins ?? {},
    projectRoot,
    mcpApproval: {
      ...(merged.enableAllProjectMcpServers !== undefined ? { enableAllProjectMcpServers: merged.enableAllProjectMcpServers } : {}),
      enabledMcpjsonServers: merged.enabledMcpjsonServers ?? [],
      disabledMcpjsonServers: merged.disabledMcpjsonServers ?? [],
    },
    warnings,
  };
}
