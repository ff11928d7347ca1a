import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSandboxPath, resolveSandboxPolicy, withPermissionRules } from '../../../src/sandbox/policy.js';

const places = { home: '/home/u', pulseConfigDir: '/home/u/.pulse', claudeConfigDir: '/home/u/.claude' };

describe('sandbox settings paths', () => {
  it.each([
    ['/tmp/build', '/tmp/build'],
    ['//tmp/build', '/tmp/build'],
    ['~/.kube', '/home/u/.kube'],
    ['~', '/home/u'],
    ['./out', '/proj/out'],
    ['out', '/proj/out'],
    ['../shared', '/shared'],
  ])('%s is %s', (entry, resolved) => {
    expect(resolveSandboxPath(entry, '/proj', '/home/u')).toBe(resolved);
  });
});

describe('the sandbox policy from settings', () => {
  it('is off unless the merged settings turn it on', () => {
    expect(resolveSandboxPolicy([], places)).toBeUndefined();
    const onThenOff = [
      { block: { enabled: true }, root: '/home/u/.claude', managed: false },
      { block: { enabled: false }, root: '/proj', managed: false },
    ];
    expect(resolveSandboxPolicy(onThenOff, places)).toBeUndefined();
  });

  it("takes the reference's defaults and merges lists across sources", () => {
    const policy = resolveSandboxPolicy(
      [
        { block: { enabled: true, filesystem: { allowWrite: ['cache'] }, network: { allowedDomains: ['github.com'] } }, root: '/home/u/.claude', managed: false },
        { block: { excludedCommands: ['docker'], filesystem: { allowWrite: ['./build'] }, network: { allowedDomains: ['npmjs.org'] } }, root: '/proj', managed: false },
      ],
      places,
    );
    expect(policy).toMatchObject({
      failIfUnavailable: false,
      autoAllowBashIfSandboxed: true,
      allowUnsandboxedCommands: true,
      excludedCommands: ['docker'],
      filesystem: { allowWrite: ['/home/u/.claude/cache', '/proj/build'], allowRead: [] },
      network: { allowedDomains: ['github.com', 'npmjs.org'], deniedDomains: [], allowAllUnixSockets: false },
    });
    expect(policy?.filesystem.denyRead).toEqual(expect.arrayContaining(['/home/u/.ssh', '/home/u/.aws', '/home/u/.pulse', path.join('/home/u/.claude', '.credentials.json')]));
  });

  it('keeps only managed domains and readable paths when managed settings say so', () => {
    const policy = resolveSandboxPolicy(
      [
        { block: { enabled: true, network: { allowedDomains: ['user.example'] }, filesystem: { allowRead: ['~/.ssh'] } }, root: '/home/u/.claude', managed: false },
        {
          block: { network: { allowedDomains: ['corp.example'], allowManagedDomainsOnly: true }, filesystem: { allowManagedReadPathsOnly: true } },
          root: '/proj',
          managed: true,
        },
      ],
      places,
    );
    expect(policy?.network.allowedDomains).toEqual(['corp.example']);
    expect(policy?.filesystem.allowRead).toEqual([]);
  });

  it('opens and closes hosts with WebFetch domain rules', () => {
    const policy = resolveSandboxPolicy([{ block: { enabled: true }, root: '/proj', managed: false }], places);
    if (!policy) throw new Error('expected a policy');
    const merged = withPermissionRules(policy, [
      { toolName: 'WebFetch', ruleContent: 'domain:docs.example', behavior: 'allow', source: 'localSettings' },
      { toolName: 'WebFetch', ruleContent: 'domain:bad.example', behavior: 'deny', source: 'userSettings' },
      { toolName: 'Bash', ruleContent: 'curl:*', behavior: 'allow', source: 'userSettings' },
    ]);
    expect(merged.network.allowedDomains).toEqual(['docs.example']);
    expect(merged.network.deniedDomains).toEqual(['bad.example']);
  });
});
