// What the sandbox settings change about approving Bash: sandboxed commands may need no approval,
// leaving the sandbox always asks, and rules that deny or ask still win.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import { forgetSandboxAvailability } from '../../../src/sandbox/availability.js';
import { resolveSandboxPolicy } from '../../../src/sandbox/policy.js';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import type { PermissionMode, PermissionRule } from '../../../src/types/permissions.js';
import type { SandboxPolicy } from '../../../src/types/sandbox.js';
import { sandboxAvailable } from '../../support/sandbox.js';
import { makeToolContext } from '../../support/toolContext.js';

let project: string;

beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-sandbox-perm-')));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  forgetSandboxAvailability();
  await rm(project, { recursive: true, force: true });
});

function policy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  const resolved = resolveSandboxPolicy([{ block: { enabled: true }, root: project, managed: false }], {
    home: '/nonexistent-home',
    pulseConfigDir: '/nonexistent-home/.pulse',
    claudeConfigDir: '/nonexistent-home/.claude',
  });
  if (!resolved) throw new Error('expected a policy');
  return { ...resolved, ...overrides };
}

function decide(input: Record<string, unknown>, mode: PermissionMode, sandbox: SandboxPolicy, rules: PermissionRule[] = []) {
  const ctx = makeToolContext(project, { getPermissionContext: () => ({ mode, rules, workingDirectories: [project], sandbox }) });
  return resolvePermission(BashTool, input, ctx);
}

const rule = (behavior: PermissionRule['behavior'], ruleContent: string): PermissionRule => ({ toolName: 'Bash', ruleContent, behavior, source: 'userSettings' });

describe.skipIf(!sandboxAvailable)('approving Bash with the sandbox on', () => {
  it('lets a sandboxed command run without asking (autoAllowBashIfSandboxed)', async () => {
    expect(await decide({ command: 'npm test' }, 'default', policy())).toEqual({
      behavior: 'allow',
      reason: 'Runs in the sandbox (sandbox.autoAllowBashIfSandboxed)',
    });
  });

  it('asks as usual with autoAllowBashIfSandboxed off', async () => {
    const decision = await decide({ command: 'npm test' }, 'default', policy({ autoAllowBashIfSandboxed: false }));
    expect(decision.behavior).toBe('ask');
  });

  it('still denies what a deny rule names, in any part of the command', async () => {
    const decision = await decide({ command: 'npm test && rm -rf build' }, 'bypassPermissions', policy(), [rule('deny', 'rm:*')]);
    expect(decision.behavior).toBe('deny');
  });

  it('still asks what an ask rule names', async () => {
    const decision = await decide({ command: 'npm publish' }, 'default', policy(), [rule('ask', 'npm publish:*')]);
    expect(decision.behavior).toBe('ask');
  });

  it('always asks to leave the sandbox, even in bypassPermissions mode and with an allow rule', async () => {
    const decision = await decide({ command: 'npm test', dangerouslyDisableSandbox: true }, 'bypassPermissions', policy(), [rule('allow', 'npm test')]);
    expect(decision).toMatchObject({ behavior: 'ask', reason: 'safetyCheck' });
    expect(decision.behavior === 'ask' ? decision.message : '').toContain('outside the sandbox');
  });

  it('runs a command sandboxed, auto-allowed, when leaving is not allowed at all', async () => {
    const decision = await decide({ command: 'npm test', dangerouslyDisableSandbox: true }, 'default', policy({ allowUnsandboxedCommands: false }));
    expect(decision.behavior).toBe('allow');
  });

  it('approves excluded commands as usual, since they run outside', async () => {
    const sandbox = policy({ excludedCommands: ['docker'] });
    expect((await decide({ command: 'docker ps' }, 'default', sandbox)).behavior).toBe('ask');
    expect((await decide({ command: 'cd app && docker compose up' }, 'default', sandbox)).behavior).toBe('ask');
    expect((await decide({ command: 'dockerize' }, 'default', sandbox)).behavior).toBe('allow');
  });

  it('keeps plan mode read-only', async () => {
    expect((await decide({ command: 'touch x' }, 'plan', policy())).behavior).toBe('deny');
  });

  it('does not auto-allow when the sandbox cannot start', async () => {
    forgetSandboxAvailability();
    vi.stubEnv('PATH', project);
    expect((await decide({ command: 'npm test' }, 'default', policy())).behavior).toBe('ask');
  });
});
