import { describe, expect, it } from 'vitest';
import { redirectionWritesFile, splitCommand } from '../../../src/permissions/bash/split.js';

const argvs = (command: string): string[][] => splitCommand(command).parts.map((part) => part.argv);

describe('splitCommand', () => {
  it('splits on every control operator', () => {
    expect(argvs('a && b || c; d | e |& f & g\nh')).toEqual([['a'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g'], ['h']]);
  });

  it('keeps operators inside quotes as text', () => {
    expect(argvs(`echo "a && b" 'c; d' e\\;f`)).toEqual([['echo', 'a && b', 'c; d', 'e;f']]);
  });

  it('records leading assignments apart from argv', () => {
    const [part] = splitCommand('FOO=1 BAR="x y" npm test').parts;
    expect(part?.envAssignments).toEqual(['FOO=1', 'BAR="x y"']);
    expect(part?.argv).toEqual(['npm', 'test']);
    expect(part?.text).toBe('FOO=1 BAR="x y" npm test');
  });

  it('finds command substitutions and their inner commands', () => {
    const result = splitCommand('npm test $(rm -rf x)');
    expect(result.hasSubstitution).toBe(true);
    expect(result.parts.map((part) => part.argv)).toEqual([['rm', '-rf', 'x'], ['npm', 'test', '$(rm -rf x)']]);
  });

  it('finds backticks, process substitution and substitutions inside double quotes', () => {
    expect(splitCommand('npm test `id`').hasSubstitution).toBe(true);
    expect(splitCommand('diff <(ls a) <(ls b)').hasSubstitution).toBe(true);
    expect(splitCommand('echo "$(whoami)"').hasSubstitution).toBe(true);
    expect(splitCommand('echo "${x:-$(id)}"').hasSubstitution).toBe(true);
    expect(splitCommand("echo '$(not)'").hasSubstitution).toBe(false);
  });

  it('parses redirections with descriptors', () => {
    const [part] = splitCommand('npm test 2>&1 >/dev/null >> out.log').parts;
    expect(part?.argv).toEqual(['npm', 'test']);
    expect(part?.redirections).toEqual([
      { op: '>&', fd: '2', target: '1' },
      { op: '>', target: '/dev/null' },
      { op: '>>', target: 'out.log' },
    ]);
    expect(part?.redirections.map(redirectionWritesFile)).toEqual([false, false, true]);
  });

  it('treats &> as a redirection, not a background operator', () => {
    const [part] = splitCommand('make &> build.log').parts;
    expect(part?.redirections).toEqual([{ op: '&>', target: 'build.log' }]);
  });

  it('flattens subshells and strips shell keywords', () => {
    const result = splitCommand('(cd x && rm y) ; if true; then ls; fi');
    expect(result.hasSubshell).toBe(true);
    expect(result.parts.map((part) => part.argv)).toEqual([['cd', 'x'], ['rm', 'y'], ['true'], ['ls']]);
  });

  it('keeps a redirection applied to a group', () => {
    const result = splitCommand('{ ls; } > out.txt');
    expect(result.parts.some((part) => part.redirections.some(redirectionWritesFile))).toBe(true);
  });

  it('consumes heredoc bodies and sees substitutions only in expanding ones', () => {
    const quoted = splitCommand("cat <<'EOF'\n$(rm -rf x)\nrm y\nEOF\necho done");
    expect(quoted.hasSubstitution).toBe(false);
    expect(quoted.parts.map((part) => part.argv)).toEqual([['cat'], ['echo', 'done']]);
    expect(splitCommand('cat <<EOF\n$(rm -rf x)\nEOF').hasSubstitution).toBe(true);
  });

  it('parses the usual commit-message heredoc inside a substitution', () => {
    const result = splitCommand(`git commit -m "$(cat <<'EOF'\nFix (the) bug\nEOF\n)"`);
    expect(result.hasParseError).toBe(false);
    expect(result.parts.map((part) => part.argv[0])).toEqual(['cat', 'git']);
  });

  it('flags what it cannot reason about', () => {
    expect(splitCommand('echo "unterminated').hasParseError).toBe(true);
    expect(splitCommand("echo 'unterminated").hasParseError).toBe(true);
    expect(splitCommand('echo $(ls').hasParseError).toBe(true);
    expect(splitCommand('f() { rm x; }; f').hasParseError).toBe(true);
    expect(splitCommand('echo )').hasParseError).toBe(true);
  });

  it('ignores comments and joins continued lines', () => {
    expect(argvs('ls # ; rm -rf /\n')).toEqual([['ls']]);
    expect(argvs('npm \\\n test')).toEqual([['npm', 'test']]);
  });

  it('marks expansions and unquoted globs', () => {
    const [part] = splitCommand('find . $ARGS -name *.ts').parts;
    expect(part?.hasExpansion).toBe(true);
    expect(part?.hasGlob).toBe(true);
    expect(splitCommand("find . -name '*.ts'").parts[0]?.hasGlob).toBe(false);
  });
});
