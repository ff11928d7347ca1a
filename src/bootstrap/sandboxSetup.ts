// The session's Bash sandbox: the policy from the settings, the one warning line when the machine
// cannot run it, the Bash tool told about it, and the /sandbox report. The sandbox's code loads
// only when the settings turn it on (and for /sandbox, when asked).
import { BashTool } from '../tools/bash/BashTool.js';
import type { AnyTool } from '../tools/Tool.js';
import { withToolOverrides } from '../tools/withToolOverrides.js';
import type { SandboxSource } from '../sandbox/policy.js';
import type { ToolPermissionContext } from '../types/permissions.js';
import type { SandboxPolicy } from '../types/sandbox.js';
import { claudeConfigDir, homeDir, pulseConfigDir } from '../utils/configDir.js';

export type SandboxSetup = { policy: SandboxPolicy; warnings: string[] };

const places = () => ({ home: homeDir(), pulseConfigDir: pulseConfigDir(), claudeConfigDir: claudeConfigDir() });

export async function setUpSandbox(sources: readonly SandboxSource[]): Promise<SandboxSetup | undefined> {
  const [{ resolveSandboxPolicy }, { sandboxAvailability }] = await Promise.all([
    import('../sandbox/policy.js'),
    import('../sandbox/availability.js'),
  ]);
  const policy = resolveSandboxPolicy(sources, places());
  if (!policy) return undefined;
  const availability = await sandboxAvailability();
  if (availability.ok) return { policy, warnings: [] };
  const fallback = policy.failIfUnavailable
    ? 'Bash commands will be refused (sandbox.failIfUnavailable)'
    : 'Bash commands will run without it and need approval as usual';
  return { policy, warnings: [`the sandbox cannot start: ${availability.reason}. ${fallback}`] };
}

/** Bash's description gains what the sandbox allows, read live so /add-dir shows up. */
export function withSandboxedBash(tools: readonly AnyTool[], getPermissionContext: () => ToolPermissionContext): AnyTool[] {
  return tools.map((tool) => {
    if (tool.name !== BashTool.name) return tool;
    return withToolOverrides(tool, {
      async prompt(ctx) {
        const permissions = getPermissionContext();
        const policy = permissions.sandbox;
        const base = await tool.prompt(ctx);
        if (!policy) return base;
        const [{ sandboxPromptSection }, { withPermissionRules }] = await Promise.all([
          import('../sandbox/describe.js'),
          import('../sandbox/policy.js'),
        ]);
        return base + sandboxPromptSection(withPermissionRules(policy, permissions.rules), permissions.workingDirectories);
      },
    });
  });
}

export async function sandboxReport(permissions: ToolPermissionContext): Promise<string> {
  const [{ sandboxStatusReport }, { sandboxAvailability }, { withPermissionRules }, { sandboxRuntimeDir }] = await Promise.all([
    import('../sandbox/describe.js'),
    import('../sandbox/availability.js'),
    import('../sandbox/policy.js'),
    import('../sandbox/runtimeDir.js'),
  ]);
  const policy = permissions.sandbox ? withPermissionRules(permissions.sandbox, permissions.rules) : undefined;
  const readDenyRules = permissions.rules
    .filter((rule) => rule.behavior === 'deny' && rule.toolName === 'Read' && rule.ruleContent !== undefined)
    .map((rule) => `Read(${rule.ruleContent})`);
  return sandboxStatusReport({
    policy,
    availability: await sandboxAvailability(),
    workingDirectories: permissions.workingDirectories,
    tempDir: policy ? sandboxRuntimeDir().tmp : '',
    readDenyRules,
  });
}
