// How the Bash tool uses the sandbox (sandbox/): whether a command runs inside it, what approval
// that needs, and the sandbox for one run. Loaded only when settings turn the sandbox on.
import path from 'node:path';
import { findRuleNamingAnyCommand } from '../../permissions/bash/decide.js';
import { denyRulePatterns, pathRuleBases, type AnchoredPattern } from '../../permissions/paths.js';
import { sandboxAvailability, type Availability } from '../../sandbox/availability.js';
import { sandboxFailureNote } from '../../sandbox/failureNote.js';
import { prepareSandboxRun, type SandboxReport, type SandboxRun } from '../../sandbox/launch.js';
import { withPermissionRules } from '../../sandbox/policy.js';
import type { PermissionDecision, PermissionRule } from '../../types/permissions.js';
import type { SandboxPolicy } from '../../types/sandbox.js';
import { claudeConfigDir, homeDir, pulseConfigDir } from '../../utils/configDir.js';
import type { ToolUseContext } from '../Tool.js';
import { pathsToHide, SandboxPathError } from './sandboxPaths.js';
import type { BashInput } from './schema.js';

/** Where a command runs under the session's sandbox settings. */
export type Placement =
  | { where: 'inside' }
  /** Outside on purpose: an excluded command, or an approved request to leave the sandbox. */
  | { where: 'outside'; why: 'excluded' | 'requested' }
  | { where: 'unavailable'; reason: string };

function excludedRules(policy: SandboxPolicy): PermissionRule[] {
  // `docker` in excludedCommands means docker with any arguments, as the reference reads it.
  return policy.excludedCommands.map((pattern) => ({
    toolName: 'Bash',
    ruleContent: /[*]|:\*$/.test(pattern) ? pattern : `${pattern}:*`,
    behavior: 'deny',
    source: 'userSettings',
  }));
}

export function isExcludedCommand(command: string, policy: SandboxPolicy): boolean {
  // Only command names are compared, so the folder the command starts in does not change the answer.
  return findRuleNamingAnyCommand(command, process.cwd(), excludedRules(policy)) !== undefined;
}

/** Leaving the sandbox is only asked for when the settings allow it at all. */
export function wantsOutside(input: Pick<BashInput, 'dangerouslyDisableSandbox'>, policy: SandboxPolicy): boolean {
  return input.dangerouslyDisableSandbox === true && policy.allowUnsandboxedCommands;
}

export async function placementOf(input: Pick<BashInput, 'command' | 'dangerouslyDisableSandbox'>, policy: SandboxPolicy): Promise<Placement> {
  if (isExcludedCommand(input.command, policy)) return { where: 'outside', why: 'excluded' };
  if (wantsOutside(input, policy)) return { where: 'outside', why: 'requested' };
  const availability: Availability = await sandboxAvailability();
  return availability.ok ? { where: 'inside' } : { where: 'unavailable', reason: availability.reason };
}

export const OUTSIDE_MESSAGE_PREFIX = 'Bash wants to run this command outside the sandbox';

/**
 * The Bash tool's own opinion with the sandbox on. Leaving the sandbox is always asked, whatever
 * the mode or rules; a sandboxed command needs no approval when `autoAllowBashIfSandboxed` is on
 * (deny and ask rules were checked before this). Everything else takes the normal way.
 */
export async function sandboxPermission(input: BashInput, policy: SandboxPolicy): Promise<PermissionDecision> {
  const placement = await placementOf(input, policy);
  if (placement.where === 'outside' && placement.why === 'requested') {
    return {
      behavior: 'ask',
      reason: 'safetyCheck',
      message: `${OUTSIDE_MESSAGE_PREFIX} (dangerouslyDisableSandbox): ${input.command}. Outside, it can write anywhere you can and reach any host.`,
    };
  }
  if (placement.where === 'inside' && policy.autoAllowBashIfSandboxed) {
    return { behavior: 'allow', reason: 'Runs in the sandbox (sandbox.autoAllowBashIfSandboxed)' };
  }
  return { behavior: 'passthrough' };
}

function readDenyPatterns(ctx: ToolUseContext, policy: SandboxPolicy): AnchoredPattern[] {
  const bases = pathRuleBases(ctx);
  const fromRules = ctx
    .getPermissionContext()
    .rules.filter((rule) => rule.behavior === 'deny' && rule.toolName === 'Read' && rule.ruleContent !== undefined)
    .flatMap((rule) => denyRulePatterns(rule, bases));
  const fromSettings = policy.filesystem.denyRead.map((pattern): AnchoredPattern => ({ base: '/', pattern }));
  return [...fromSettings, ...fromRules];
}

/** Folders `Edit(...)` allow rules name (`Edit(~/.kube/**)`) are writable inside too, as in the reference. */
function editAllowPaths(ctx: ToolUseContext): string[] {
  const bases = pathRuleBases(ctx);
  const paths = ctx
    .getPermissionContext()
    .rules.filter((rule) => rule.behavior === 'allow' && rule.toolName === 'Edit' && rule.ruleContent !== undefined)
    .flatMap((rule) => denyRulePatterns(rule, bases))
    .filter(({ pattern }) => pattern.startsWith('/'))
    .map(({ base, pattern }) => path.join(base, pattern.replace(/\/\*\*(\/\*)?$/, '')))
    .filter((target) => !/[*?[\]{}]/.test(target));
  return [...new Set(paths)];
}

export type PreparedSandbox = { ok: true; run: SandboxRun } | { ok: false; message: string };

export async function prepareSandbox(ctx: ToolUseContext, policy: SandboxPolicy, cwd: string, env: NodeJS.ProcessEnv): Promise<PreparedSandbox> {
  const availability = await sandboxAvailability();
  if (!availability.ok) return { ok: false, message: availability.reason };
  let hiddenPaths: string[];
  try {
    hiddenPaths = await pathsToHide(readDenyPatterns(ctx, policy));
  } catch (error) {
    if (!(error instanceof SandboxPathError)) throw error;
    return { ok: false, message: `The sandbox could not be set up, so the command was not run: ${error.message}.` };
  }
  const run = prepareSandboxRun({
    policy: withPermissionRules(policy, ctx.getPermissionContext().rules),
    bwrap: availability.bwrap,
    cwd,
    workingDirectories: ctx.getPermissionContext().workingDirectories,
    hiddenPaths,
    writablePaths: [...policy.filesystem.allowWrite, ...editAllowPaths(ctx)],
    env,
    home: homeDir(),
    pulseConfigDir: pulseConfigDir(),
    claudeConfigDir: claudeConfigDir(),
  });
  return { ok: true, run };
}

export function noteAfterRun(report: SandboxReport, facts: { exitCode: number; output: string }, policy: SandboxPolicy): string | undefined {
  return sandboxFailureNote({
    ...facts,
    blockedHosts: report.blockedHosts,
    allowUnsandboxedCommands: policy.allowUnsandboxedCommands,
    networkAllowed: policy.network.allowedDomains.length > 0,
  });
}

/** How one call runs: inside a prepared sandbox, or outside with a note saying why when it matters. */
export type RunSetup = { run?: SandboxRun; note?: string };

/** Throws (the model gets the message) when the command must not run at all. */
export async function setUpRun(input: BashInput, ctx: ToolUseContext, policy: SandboxPolicy, cwd: string, env: NodeJS.ProcessEnv): Promise<RunSetup> {
  const placement = await placementOf(input, policy);
  if (placement.where === 'outside') return {};
  if (placement.where === 'unavailable') {
    if (policy.failIfUnavailable) {
      throw new Error(`Bash is unavailable: the sandbox cannot start (${placement.reason}) and sandbox.failIfUnavailable is set.`);
    }
    return { note: `This command ran without the sandbox, which cannot start here: ${placement.reason}.` };
  }
  const prepared = await prepareSandbox(ctx, policy, cwd, env);
  if (!prepared.ok) throw new Error(prepared.message);
  const ignored = input.dangerouslyDisableSandbox
    ? 'dangerouslyDisableSandbox was ignored: sandbox.allowUnsandboxedCommands is false, so every command runs in the sandbox.'
    : undefined;
  return ignored ? { run: prepared.run, note: ignored } : { run: prepared.run };
}
