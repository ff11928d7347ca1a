import { describe, expect, it } from 'vitest';
import { judgeHost, parseDomainEntry } from '../../../src/sandbox/domains.js';

describe('sandbox domain entries', () => {
  it.each([
    ['example.com', { host: 'example.com', wildcard: false }],
    ['*.example.com', { host: 'example.com', wildcard: true }],
    ['Example.COM.', { host: 'example.com', wildcard: false }],
    ['registry.npmjs.org:443', { host: 'registry.npmjs.org', wildcard: false, port: 443 }],
    ['[::1]:8080', { host: '::1', wildcard: false, port: 8080 }],
    ['::1', { host: '::1', wildcard: false }],
    ['127.0.0.1:3000', { host: '127.0.0.1', wildcard: false, port: 3000 }],
  ])('reads %s', (entry, parsed) => {
    expect(parseDomainEntry(entry)).toEqual(parsed);
  });

  it.each(['', '*', '*.*.com', 'a*b.com'])('rejects %j', (entry) => {
    expect(parseDomainEntry(entry)).toBeUndefined();
  });
});

describe('judging a host', () => {
  const rules = { allowed: ['github.com', '*.npmjs.org', 'localhost:3000'], denied: ['evil.npmjs.org'] };

  it.each([
    ['github.com', 443, true],
    ['GitHub.com.', 22, true],
    ['api.github.com', 443, false],
    ['registry.npmjs.org', 443, true],
    ['npmjs.org', 443, false],
    ['evil.npmjs.org', 443, false],
    ['localhost', 3000, true],
    ['localhost', 3001, false],
    ['github.com.evil.test', 443, false],
    ['notgithub.com', 443, false],
  ])('%s:%i allowed: %s', (host, port, allowed) => {
    expect(judgeHost(rules, host, port).allowed).toBe(allowed);
  });

  it('says a denied host was denied, not merely missing', () => {
    expect(judgeHost(rules, 'evil.npmjs.org', 443)).toEqual({ allowed: false, why: 'denied' });
    expect(judgeHost(rules, 'example.com', 443)).toEqual({ allowed: false, why: 'not_allowed' });
  });
});
