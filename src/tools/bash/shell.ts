// Which shell runs commands, and the small wrapper that reports where the shell ended up.
import path from 'node:path';
import { isExecutable } from '../../utils/isExecutable.js';

const SUPPORTED_LOGIN_SHELLS = new Set(['bash', 'zsh']);
const FALLBACK_SHELLS = ['/bin/bash', '/usr/bin/bash', '/bin/sh'];

/** The user's $SHELL when it is bash or zsh, else bash, else sh. */
export async function pickShell(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const preferred = env.SHELL;
  if (preferred && path.isAbsolute(preferred) && SUPPORTED_LOGIN_SHELLS.has(path.basename(preferred))) {
    if (await isExecutable(preferred)) return preferred;
  }
  for (const candidate of FALLBACK_SHELLS) {
    if (await isExecutable(candidate)) return candidate;
  }
  return '/bin/sh';
}

export function quoteForShell(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Put an EXIT trap in front of the command that writes the shell's final directory to
 * `cwdFile`. A trap (rather than a suffix) still fires when the command calls `exit` or has a
 * syntax error late on, preserves the exit status, and nothing is appended that an unclosed
 * quote or heredoc in the command could swallow. Subshells reset traps, so only the top-level
 * shell writes the file.
 */
export function wrapCommand(command: string, cwdFile: string): string {
  return [
    `__pulse_cwd_file=${quoteForShell(cwdFile)}`,
    `trap 'pwd -P >| "$__pulse_cwd_file" 2>/dev/null' EXIT`,
    command,
  ].join('\n');
}
