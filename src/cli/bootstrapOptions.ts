// Translates parsed flags into what bootstrap needs; bootstrap never sees commander's shapes.
import type { BootstrapOptions } from '../bootstrap/bootstrap.js';
import type { CliOptions } from './options.js';
import { PULSE_VERSION } from './version.js';

export function bootstrapOptionsFrom(options: CliOptions, isNonInteractive: boolean): BootstrapOptions {
  return {
    cwd: process.cwd(),
    isNonInteractive,
    verbose: options.verbose,
    model: options.model,
    ...(options.effort ? { effort: options.effort } : {}),
    fallbackModel: options.fallbackModel,
    permissionMode: options.permissionMode,
    dangerouslySkipPermissions: options.dangerouslySkipPermissions,
    allowDangerouslySkipPermissions: options.allowDangerouslySkipPermissions,
    enableAutoMode: options.enableAutoMode,
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    tools: options.tools,
    systemPrompt: options.systemPrompt,
    appendSystemPrompt: options.appendSystemPrompt,
    settings: options.settings,
    addDirs: options.addDirs,
    pluginDirs: options.pluginDirs,
    sessionId: options.sessionId,
    agents: options.agents,
    maxBudgetUsd: options.maxBudgetUsd,
    sessionPersistence: options.sessionPersistence,
    version: PULSE_VERSION,
    mcpConfigs: options.mcpConfigs,
    strictMcpConfig: options.strictMcpConfig,
    // An SDK host answers AskUserQuestion through can_use_tool; plain print mode has nobody to ask.
    canAskUser: !isNonInteractive || options.inputFormat === 'stream-json',
  };
}
