// Reads settings for startup and reduces them to what bootstrap uses. Print mode stops on a
// broken settings file (one line naming the file); the REPL carries on and shows a warning.
import { resolve } from 'node:path';
import { parsePermissionMode } from '../permissions/updates.js';
import type { PermissionMode, PermissionRule } from '../types/permissions.js';
import type { HooksConfig } from '../hooks/config.js';
import type { McpApprovalSettings } from '../mcp/approval.js';
import type { SandboxSource } from '../sandbox/policy.js';
import { claudeConfigDir } from '../utils/configDir.js';
import { hooksConfigFromSettings, loadSettings, rulesFromSettings } from './settings/index.js';
import type { Settings } from './settings/schema.js';
import { SETTING_SOURCES, type SettingSource } from './settings/sources.js';

export type StartupSettings = {
  env: Record<string, string>;
  apiKeyHelper?: string;
  /** Bedrock's AWS login commands. */
  awsAuthRefresh?: string;
  awsCredentialExport?: string;
  model?: string;
  effortLevel?: string;
  fallbackModel?: string;
  /** The output style the session starts with (`outputStyle`). */
  outputStyle?: string;
  defaultMode?: PermissionMode;
  /** `permissions.disableAutoMode: "disable"`. */
  autoModeDisabled: boolean;
  /** `permissions.disableBypassPermissionsMode: "disable"`. */
  bypassDisabled: boolean;
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
  /** Each source's `sandbox` block, when the merged settings turn the sandbox on. */
  sandboxSources?: SandboxSource[];
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
  const { mode, warning: modeWarning } = defaultModeFrom(loaded.bySource);
  return {
    // `autoCompactEnabled: false` reaches the context layers the way the environment switch does.
    env: { ...merged.env, ...(merged.autoCompactEnabled === false ? { PULSE_DISABLE_AUTO_COMPACT: '1' } : {}) },
    apiKeyHelper: merged.apiKeyHelper,
    awsAuthRefresh: merged.awsAuthRefresh,
    awsCredentialExport: merged.awsCredentialExport,
    model: merged.model,
    effortLevel: merged.effortLevel,
    fallbackModel: merged.fallbackModel,
    outputStyle: merged.outputStyle,
    defaultMode: mode,
    autoModeDisabled: merged.permissions?.disableAutoMode === 'disable',
    bypassDisabled: merged.permissions?.disableBypassPermissionsMode === 'disable',
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
    ...(merged.sandbox?.enabled === true ? { sandboxSources: sandboxSourcesFrom(loaded.bySource, projectRoot) } : {}),
    warnings: [...warnings, ...(modeWarning ? [modeWarning] : []), ...ignoredSandboxKeys(merged)],
  };
}

/**
 * `permissions.defaultMode` from the highest source that sets it (`manual` is the reference's
 * newer name for `default`; the parser knows it). A project's own files may not start a session
 * in auto mode, where a model approves calls for you: that takes your settings or a flag.
 */
function defaultModeFrom(bySource: Partial<Record<SettingSource, Settings>>): { mode?: PermissionMode; warning?: string } {
  const source = [...SETTING_SOURCES].reverse().find((candidate) => bySource[candidate]?.permissions?.defaultMode !== undefined);
  const value = source ? bySource[source]?.permissions?.defaultMode : undefined;
  if (source === undefined || value === undefined) return {};
  const mode = parsePermissionMode(value);
  if (mode === 'auto' && (source === 'projectSettings' || source === 'localSettings')) {
    return {
      warning: `permissions.defaultMode "auto" in the project's ${source === 'projectSettings' ? '.claude/settings.json' : '.claude/settings.local.json'} is ignored: only your own settings or --permission-mode auto start a session in auto mode`,
    };
  }
  return { mode };
}

/** Relative sandbox paths start at the project root, or at the user config folder for user settings. */
function sandboxSourcesFrom(bySource: Partial<Record<SettingSource, Settings>>, projectRoot: string): SandboxSource[] {
  return SETTING_SOURCES.flatMap((source) => {
    const block = bySource[source]?.sandbox;
    if (!block) return [];
    return [{ block, root: source === 'userSettings' ? claudeConfigDir() : projectRoot, managed: source === 'policySettings' }];
  });
}

/** Keys of the reference's sandbox that mean something Pulse does not do; said once, not silently dropped. */
function ignoredSandboxKeys(merged: Settings): string[] {
  const sandbox = merged.sandbox;
  if (sandbox?.enabled !== true) return [];
  const ignored: string[] = [];
  if (sandbox.network?.socksProxyPort !== undefined) ignored.push('network.socksProxyPort');
  if (sandbox.network?.allowUnixSockets !== undefined) ignored.push('network.allowUnixSockets (use network.allowAllUnixSockets)');
  if (sandbox.network?.allowLocalBinding !== undefined) ignored.push('network.allowLocalBinding (binding inside the sandbox is always allowed)');
  if (sandbox.enableWeakerNestedSandbox !== undefined) ignored.push('enableWeakerNestedSandbox');
  return ignored.map((key) => `sandbox.${key} is not supported by Pulse and is ignored`);
}
