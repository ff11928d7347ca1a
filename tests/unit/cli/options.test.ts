import { describe, expect, it } from 'vitest';
import { checkPrintModeOptions, readCliOptions } from '../../../src/cli/options.js';
import { parseCommandLine } from '../../../src/cli/program.js';
import { chooseMode } from '../../../src/cli/mode.js';

function parse(args: string[]) {
  const parsed = parseCommandLine(args);
  if (parsed.kind !== 'run') throw new Error('expected a run');
  return { prompt: parsed.prompt, options: readCliOptions(parsed.raw) };
}

describe('command line', () => {
  it('reads the reference flags into typed options', () => {
    const { prompt, options } = parse([
      'fix it',
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--max-turns',
      '3',
      '--max-budget-usd',
      '0.5',
      '--permission-mode',
      'acceptEdits',
      '--allowed-tools',
      'Bash(git *)',
      'Edit',
      '--disallowedTools',
      'Write',
      '--add-dir',
      '../other',
      '--session-id',
      '3D0D3ECC-E865-401B-A364-9B303B5F52C2',
      '--no-session-persistence',
    ]);
    expect(prompt).toBe('fix it');
    expect(options).toMatchObject({
      print: true,
      outputFormat: 'stream-json',
      verbose: true,
      maxTurns: 3,
      maxBudgetUsd: 0.5,
      permissionMode: 'acceptEdits',
      allowedTools: ['Bash(git *)', 'Edit'],
      disallowedTools: ['Write'],
      addDirs: ['../other'],
      sessionId: '3d0d3ecc-e865-401b-a364-9b303b5f52c2',
      sessionPersistence: false,
    });
  });

  it.each([
    [['--max-turns', 'abc'], /--max-turns.*'abc' is invalid/],
    [['--max-turns', '0'], /--max-turns/],
    [['--permission-mode', 'bogus'], /Allowed choices are/],
    [['--output-format', 'xml'], /--output-format/],
    [['--session-id', 'nope'], /Expected a UUID/],
    [['--no-such-flag'], /unknown option '--no-such-flag'/],
  ])('rejects %j with a one-line message', (args, pattern) => {
    expect(() => parseCommandLine(args)).toThrow(pattern);
  });

  it('ends with exit code 0 after --help', () => {
    const writes: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => writes.push(chunk) > 0) as typeof process.stdout.write;
    try {
      expect(parseCommandLine(['--help'])).toEqual({ kind: 'exit', code: 0 });
    } finally {
      process.stdout.write = original;
    }
    expect(writes.join('')).toContain('--output-format');
  });

  it('takes switches as commander sets them and refuses anything else for one', () => {
    expect(parse(['-p', '--verbose', '--no-session-persistence', 'hi']).options).toMatchObject({ print: true, verbose: true, sessionPersistence: false });
    expect(parse(['-p', 'hi']).options).toMatchObject({ print: true, verbose: false, sessionPersistence: true });
    expect(() => readCliOptions({ print: 'yes' })).toThrow('invalid value for print: a switch takes no value');
    expect(() => readCliOptions({ maxTurns: -1 })).toThrow(/^invalid value for maxTurns: /);
  });

  it('refuses a permission prompt tool other than the SDK stdio one', () => {
    expect(() => parse(['-p', '--permission-prompt-tool', 'mcp__auth__ask'])).toThrow('not supported yet');
    expect(() => parse(['-p', '--permission-prompt-tool', 'stdio'])).toThrow('needs --input-format stream-json');
  });

  it('accepts every flag the Agent SDK passes, in its --name=value spelling', () => {
    const { options } = parse([
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      '--max-turns=5',
      '--permission-mode=default',
      '--permission-prompt-tool=stdio',
      '--allow-dangerously-skip-permissions',
      '--resume=0b9f4a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      '--fork-session',
      '--session-id=1b9f4a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      '--model=sonnet',
      '--max-thinking-tokens=2048',
      '--setting-sources=user,project',
      '--include-partial-messages',
      '--include-hook-events',
      '--allowedTools=Read,Write',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--strict-mcp-config',
      '--debug-file=/tmp/x.log',
      '--effort=high',
      '--no-session-persistence',
    ]);
    expect(options).toMatchObject({
      inputFormat: 'stream-json',
      maxTurns: 5,
      permissionMode: 'default',
      permissionPromptTool: 'stdio',
      allowDangerouslySkipPermissions: true,
      resume: '0b9f4a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      forkSession: true,
      sessionId: '1b9f4a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      maxThinkingTokens: 2048,
      includePartialMessages: true,
      sessionPersistence: false,
      mcpConfigs: ['{"mcpServers":{}}'],
    });
  });

  it('turns thinking off for the SDK\'s --thinking=disabled, and leaves adaptive to the model', () => {
    expect(parse(['-p', 'hi', '--thinking=disabled']).options.maxThinkingTokens).toBe(0);
    expect(parse(['-p', 'hi', '--thinking=disabled', '--max-thinking-tokens=4096']).options.maxThinkingTokens).toBe(4096);
    expect(parse(['-p', 'hi', '--thinking=adaptive']).options.maxThinkingTokens).toBeUndefined();
  });

  it('reads --resume with and without an id, and --continue', () => {
    expect(parse(['-r']).options.resume).toBe(true);
    expect(parse(['--resume', 'abc']).options.resume).toBe('abc');
    expect(parse(['-c']).options.continue).toBe(true);
    expect(() => parse(['--session-id', 'not-a-uuid'])).toThrow();
  });

  it('needs --verbose for stream-json in print mode', () => {
    const { options } = parse(['-p', 'hi', '--output-format', 'stream-json']);
    expect(() => checkPrintModeOptions(options)).toThrow('needs --verbose');
  });
});

describe('chooseMode', () => {
  it('uses print mode for -p or for a pipe on both ends without a prompt', () => {
    expect(chooseMode({ printFlag: true, hasPrompt: true, stdinIsTTY: true, stdoutIsTTY: true })).toBe('print');
    expect(chooseMode({ printFlag: false, hasPrompt: false, stdinIsTTY: false, stdoutIsTTY: false })).toBe('print');
    expect(chooseMode({ printFlag: false, hasPrompt: false, stdinIsTTY: true, stdoutIsTTY: true })).toBe('interactive');
    expect(chooseMode({ printFlag: false, hasPrompt: true, stdinIsTTY: false, stdoutIsTTY: false })).toBe('interactive');
  });
});
