// A Read deny rule hides files from Grep and Glob results, in every output mode.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rulesFromSettings } from '../../../src/permissions/rules.js';
import { GlobTool } from '../../../src/tools/glob/GlobTool.js';
import { GrepTool } from '../../../src/tools/grep/GrepTool.js';
import { withoutDeniedLines } from '../../../src/tools/shared/readDenied.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;
let ctx: ToolUseContext;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-read-deny-')));
  mkdirSync(join(dir, 'secrets'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'secrets', 'key.txt'), 'token = hunter2\n');
  writeFileSync(join(dir, '.env'), 'token = from-env\n');
  writeFileSync(join(dir, 'src', 'app.ts'), 'const token = read();\n');
  const rules = rulesFromSettings({ deny: ['Read(./secrets/**)', 'Read(./.env)'] }, 'projectSettings');
  ctx = makeToolContext(dir, { getPermissionContext: () => ({ mode: 'default', rules, workingDirectories: [dir] }) });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (value: unknown): string => JSON.stringify(value);

describe('Read deny rules in search results', () => {
  it('Glob leaves denied files out', async () => {
    const result = await runTool(GlobTool, { pattern: '**/*', path: dir }, ctx);
    expect(result.data?.filenames).toEqual([join(dir, 'src', 'app.ts')]);
    const dotfiles = await runTool(GlobTool, { pattern: '.env', path: dir }, ctx);
    expect(dotfiles.data?.numFiles).toBe(0);
  });

  it('Grep leaves them out of file lists, counts and content lines', async () => {
    for (const output_mode of ['files_with_matches', 'count', 'content'] as const) {
      const result = await runTool(GrepTool, { pattern: 'token', path: dir, output_mode }, ctx);
      const shown = text(result.data);
      expect(shown, output_mode).toContain('app.ts');
      expect(shown, output_mode).not.toContain('hunter2');
      expect(shown, output_mode).not.toContain('key.txt');
      expect(shown, output_mode).not.toContain('from-env');
    }
  });

  it('content lines are judged by every path-like prefix, context lines included', () => {
    const lines = [`${dir}/secrets/key.txt:1:token`, `${dir}/secrets/key.txt-2-next`, `${dir}/src/app.ts:1:token`, '--'];
    expect(withoutDeniedLines(lines, ctx)).toEqual([`${dir}/src/app.ts:1:token`, '--']);
  });
});
