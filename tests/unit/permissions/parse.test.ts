// The shell parser against bash itself: for words without run-time expansions, the words Pulse
// judges must be exactly the words bash passes to the program (quote removal, `$'…'` decoding,
// brace and tilde expansion, empty words dropped). Then the structure: where commands split,
// what is nested, which stdin comes from a pipe, heredoc bodies and their delimiters.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandWord } from '../../../src/permissions/bash/parse/expand.js';
import { parseScript } from '../../../src/permissions/bash/parse/scanner.js';

const empty = mkdtempSync(join(tmpdir(), 'pulse-parse-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** What bash hands `printf` for these words, run in an empty folder so no glob matches. */
function bashWords(words: string): string[] {
  const out = execFileSync('/bin/bash', ['-c', `printf '%s\\0' ${words}`], { cwd: empty, env: { HOME: '/home/tester', PATH: '/usr/bin:/bin' } });
  return out.toString('utf8').split('\0').slice(0, -1);
}

function pulseWords(words: string): string[] {
  const saved = process.env.HOME;
  process.env.HOME = '/home/tester';
  try {
    const [command] = parseScript(`printf '%s\\0' ${words}`).commands;
    return (command?.words.slice(2) ?? []).flatMap((word) => (expandWord(word) ?? []).map((expanded) => expanded.text));
  } finally {
    process.env.HOME = saved;
  }
}

describe('words as bash makes them', () => {
  const cases = [
    `plain words here`,
    `'single quoted' "double quoted" mixed'q'"d"x`,
    `r\\m \\rm "r"m r''m`,
    `$'\\x72m' $'\\162\\155' $'\\u0072m' $'a\\tb' $'\\cA' $'rm\\0gone'y $'it\\'s'`,
    `"a\\"b" "a\\$b" "a\\b" 'a\\b'`,
    `{a,b}c x{,}y {,} {1..3} {a..c} {01..10..3} {a,b{c,d}} a{b,'c d'} {a} {} '{a,b}'`,
    `touch {../outside/x,} {.git/hooks/pre-commit,}`,
    `~ ~/x "~" '~/x' ~nobody-such/x a~b`,
    `"" '' x"" $'' ""y`,
    `-v --out=f a=b [ ] a[b`,
    `$"translated"`,
    `r\\\nm x\\ y`,
  ];
  it.each(cases)('%s', (words) => {
    expect(pulseWords(words)).toEqual(bashWords(words));
  });
});

describe('the commands of a script', () => {
  const programs = (script: string): string[] =>
    parseScript(script).commands.map((command) => command.words.map((word) => (expandWord(word) ?? []).map((e) => e.text).join(' ')).join(' '));

  it('splits on every control operator and keeps quoted ones as text', () => {
    expect(programs('a && b || c; d | e |& f & g\nh')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(programs(`echo "a && b" 'c; d' e\\;f`)).toEqual(['echo a && b c; d e;f']);
  });

  it('finds commands in groups, subshells, substitutions and expanding heredoc bodies', () => {
    const parsed = parseScript('{ cat secret; }; (cd x && rm y); echo "$(id)" `whoami` <(ls) ${x:-$(date)}; cat <<E\n$(rm z)\nE');
    expect(parsed.problems).toEqual([]);
    expect(parsed.commands.map((command) => command.words[0] && (expandWord(command.words[0]) ?? [])[0]?.text)).toEqual([
      'cat', 'cd', 'rm', 'id', 'whoami', 'ls', 'date', 'echo', 'cat', 'rm',
    ]);
    expect(parsed.commands.filter((command) => command.inSubstitution).map((command) => command.text)).toEqual([
      'id', 'whoami', 'ls', 'date', 'rm z',
    ]);
  });

  it('ends a heredoc where bash does: at its decoded delimiter', () => {
    const parsed = parseScript("cat <<$'E\\x4fF'\nhidden\nEOF\nrm -rf x");
    expect(parsed.problems).toEqual([]);
    expect(parsed.commands.map((command) => command.text)).toEqual(["cat <<$'E\\x4fF'", 'rm -rf x']);
    expect(parsed.commands[0]?.redirects[0]?.body?.raw).toBe('hidden\n');
    const quoted = parseScript("cat <<'EOF'\n$(rm -rf x)\nEOF");
    expect(quoted.commands).toHaveLength(1);
    expect(quoted.commands[0]?.redirects[0]?.body?.parts).toEqual([{ kind: 'text', text: '$(rm -rf x)\n', quoted: true }]);
  });

  it('knows which command feeds a pipe, and when it cannot tell', () => {
    const parsed = parseScript('echo rm x | bash; { echo a; } | sh; (echo b) | sh; cat <<E | bash\nrm y\nE');
    const piped = parsed.commands.map((command) => [command.text, command.pipedFrom]);
    expect(piped).toEqual([
      ['echo rm x', undefined],
      ['bash', 0],
      ['echo a', undefined],
      ['sh', 'unknown'],
      ['echo b', undefined],
      ['sh', 'unknown'],
      ['cat <<E', undefined],
      ['bash', 6],
    ]);
    expect(parseScript('tee >(sh)').commands[0]).toMatchObject({ text: 'sh', pipedFrom: 'unknown' });
  });

  it('parses redirections with descriptors, &> and heredoc operators', () => {
    const [command] = parseScript('npm test 2>&1 >/dev/null >> out.log &> all.log 3<in').commands;
    expect(command?.redirects.map((redirect) => [redirect.op, redirect.fd, redirect.target.raw])).toEqual([
      ['>&', '2', '1'],
      ['>', undefined, '/dev/null'],
      ['>>', undefined, 'out.log'],
      ['&>', undefined, 'all.log'],
      ['<', '3', 'in'],
    ]);
  });

  it('reports what it cannot follow', () => {
    for (const script of ['echo "open', "echo 'open", 'echo $(ls', 'f() { rm x; }; f', 'echo )', 'case $x in a) rm;; esac', '((x<<2))', 'cat <<E\nno end']) {
      expect(parseScript(script).problems, script).not.toEqual([]);
    }
  });

  it('knows the output of a quoted heredoc cat, the usual commit message, without running it', () => {
    const command = parseScript(`git commit -m "$(cat <<'EOF'\nFix it\n\nBody with $(not run)\nEOF\n)"`).commands.find((found) => found.text.startsWith('git'));
    expect(command?.words.map((word) => expandWord(word)?.[0])).toMatchObject([
      { text: 'git', exact: true }, { text: 'commit', exact: true }, { text: '-m', exact: true },
      { text: 'Fix it\n\nBody with $(not run)', exact: true },
    ]);
    const piped = parseScript(`echo "$(cat <<'EOF' | sh\nrm x\nEOF\n)"`).commands.find((found) => found.text.startsWith('echo'));
    expect(piped && expandWord(piped.words[1] as never)?.[0]?.exact).toBe(false);
  });

  it('marks unknown words and globs', () => {
    const command = parseScript('ls $HOME "$x" $(id) *.ts "*.ts" ~ [').commands.find((found) => found.text.startsWith('ls'));
    const words = command?.words.slice(1).map((word) => expandWord(word)?.[0]);
    expect(words?.map((word) => [word?.exact, word?.splits, word?.glob])).toEqual([
      [false, true, false],
      [false, false, false],
      [false, true, false],
      [true, false, true],
      [true, false, false],
      [true, false, false],
      [true, false, false],
    ]);
  });
});
