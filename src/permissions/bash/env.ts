// Leading `NAME=value` words change how the command behaves. Most are harmless (`FOO=1`,
// `NODE_ENV=test`), but some make an allowed program load or run code it was never asked to.

const DANGEROUS_NAMES = new Set([
  'PATH',
  'IFS',
  'HOME',
  'ENV',
  'BASH_ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'PS4',
  'PROMPT_COMMAND',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'BROWSER',
  'LESSOPEN',
  'LESSCLOSE',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'XDG_CONFIG_HOME',
  'ZDOTDIR',
]);

const DANGEROUS_PATTERNS: readonly RegExp[] = [
  /^(LD|DYLD|GIT|BASH_FUNC|NPM_CONFIG|YARN|PNPM|BUN|DENO|CARGO|RUSTC|GCONV|MALLOC)_/i,
  /(PATH|OPTIONS|OPTS|PRELOAD|COMMAND|PROGRAM|CMD|HOOK|HOOKS|SHELL|RC|CONFIG)$/i,
];

/** The variable name an assignment word sets, or undefined when the word is not one. */
export function assignmentName(assignment: string): string | undefined {
  return /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(assignment)?.[1];
}

/** True when stripping this assignment cannot change which code the command runs. */
export function isSafeEnvAssignment(assignment: string): boolean {
  const name = assignmentName(assignment);
  if (name === undefined) return false;
  if (DANGEROUS_NAMES.has(name.toUpperCase())) return false;
  return !DANGEROUS_PATTERNS.some((pattern) => pattern.test(name));
}
