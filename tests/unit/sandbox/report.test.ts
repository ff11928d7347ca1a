// What /sandbox prints: off (and whether this machine could sandbox), on, or on but unable to start.
import { describe, expect, it } from 'vitest';
import { sandboxPromptSection, sandboxStatusReport } from '../../../src/sandbox/describe.js';
import { resolveSandboxPolicy } from '../../../src/sandbox/policy.js';
import type { SandboxPolicy } from '../../../src/types/sandbox.js';

const places = { home: '/home/u', pulseConfigDir: '/home/u/.pulse', claudeConfigDir: '/home/u/.claude' };

function policy(block: Record<string, unknown> = {}): SandboxPolicy {
  const resolved = resolveSandboxPolicy([{ block: { enabled: true, ...block }, root: '/proj', managed: false }], places);
  if (!resolved) throw new Error('expected a policy');
  return resolved;
}

const facts = { workingDirectories: ['/proj'], tempDir: '/tmp/pulse-sandbox-1000/tmp', readDenyRules: ['Read(./.env)'] };

describe('/sandbox', () => {
  it('says how to turn it on when it is off', () => {
    const report = sandboxStatusReport({ ...facts, policy: undefined, availability: { ok: false, reason: 'bubblewrap (bwrap) is not installed: install it' } });
    expect(report.split('\n')[0]).toBe('Sandbox: off');
    expect(report).toContain('"sandbox": {"enabled": true}');
    expect(report).toContain('This machine: bubblewrap (bwrap) is not installed: install it.');
  });

  it('shows what sandboxed commands may write, read and reach', () => {
    const report = sandboxStatusReport({
      ...facts,
      policy: policy({ excludedCommands: ['docker'], network: { allowedDomains: ['github.com'], deniedDomains: ['evil.test'] } }),
      availability: { ok: true, bwrap: '/usr/bin/bwrap' },
    });
    expect(report).toContain('Sandbox: on (bubblewrap at /usr/bin/bwrap)');
    expect(report).toContain('Approval: sandboxed commands run without asking (autoAllowBashIfSandboxed)');
    expect(report).toContain('Leaving the sandbox: dangerouslyDisableSandbox asks you every time');
    expect(report).toContain('Excluded commands (run outside, approved as usual): docker');
    expect(report).toContain('Writable: /proj, /tmp/pulse-sandbox-1000/tmp');
    expect(report).toMatch(/Hidden: \/home\/u\/\.ssh, .*Read\(\.\/\.env\)/);
    expect(report).toContain("Network: only through Pulse's proxy, to github.com; always refused: evil.test");
  });

  it('says what happens to Bash when the sandbox cannot start', () => {
    const availability = { ok: false as const, reason: 'bubblewrap cannot create a sandbox here (denied)' };
    expect(sandboxStatusReport({ ...facts, policy: policy(), availability })).toContain(
      'Sandbox: on in settings, but it cannot start: bubblewrap cannot create a sandbox here (denied). Bash commands run without it and need approval as usual',
    );
    expect(sandboxStatusReport({ ...facts, policy: policy({ failIfUnavailable: true }), availability })).toContain('Bash commands are refused (sandbox.failIfUnavailable)');
  });

  it('tells the model the limits and the way out, or that there is none', () => {
    expect(sandboxPromptSection(policy(), ['/proj'])).toContain('There is no network access at all.');
    expect(sandboxPromptSection(policy(), ['/proj'])).toContain('dangerouslyDisableSandbox: true');
    expect(sandboxPromptSection(policy({ allowUnsandboxedCommands: false }), ['/proj'])).toContain('dangerouslyDisableSandbox is ignored');
  });
});
