import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  projectDirFor,
  sanitizeProjectName,
  sessionDir,
  subagentsDir,
  toolResultsDir,
  transcriptPath,
} from '../../../src/sessions/index.js';
import { useSandbox } from './fixtures.js';

const sandbox = useSandbox();

describe('session paths', () => {
  it('puts each working directory under projects/ with every non-alphanumeric character as a dash', () => {
    expect(projectDirFor('/tmp/x_repo.v2')).toBe(join(sandbox.configDir, 'projects', '-tmp-x-repo-v2'));
    expect(transcriptPath('/tmp/x', 'abc')).toBe(join(sandbox.configDir, 'projects', '-tmp-x', 'abc.jsonl'));
    expect(sessionDir('/tmp/x', 'abc')).toBe(join(sandbox.configDir, 'projects', '-tmp-x', 'abc'));
    expect(toolResultsDir('/tmp/x', 'abc')).toBe(join(sessionDir('/tmp/x', 'abc'), 'tool-results'));
    expect(subagentsDir('/tmp/x', 'abc')).toBe(join(sessionDir('/tmp/x', 'abc'), 'subagents'));
  });

  it('cuts long paths and tells them apart with a hash', () => {
    const base = `/${'deep/'.repeat(60)}`;
    const one = sanitizeProjectName(`${base}one`);
    const two = sanitizeProjectName(`${base}two`);
    expect(one.length).toBeLessThanOrEqual(200 + 11);
    expect(one.slice(0, 200)).toBe(two.slice(0, 200));
    expect(one).not.toBe(two);
    expect(sanitizeProjectName(`${base}one`)).toBe(one);
  });
});
