// Shell commands hidden in option values and variables: `git -c alias.x='!rm x' x`,
// `tar --checkpoint-action=exec=…`, `rsync -e …`, `ssh -o ProxyCommand=…`, `env -S …`,
// `trap '…' EXIT`, `GIT_SSH_COMMAND=… git fetch`. The program runs them through a shell, so deny
// and ask rules must see them; none of these commands is read-only to begin with.
import type { ExpandedWord } from './parse/expand.js';

export type OptionScript = { script: string | undefined; via: string };

/** Git config keys whose values are commands git runs. */
const GIT_COMMAND_KEYS = [
  /^core\.(pager|editor|sshcommand|fsmonitor|askpass)$/, /^sequence\.editor$/, /^diff\.external$/, /^gpg(\.[^.]+)?\.program$/,
  /^pager\..+$/, /^interactive\.difffilter$/, /^uploadpack\.packobjectshook$/, /^diff\..+\.(textconv|command)$/,
  /^merge\..+\.driver$/, /^filter\..+\.(clean|smudge|process)$/, /^remote\..+\.(uploadpack|receivepack)$/,
];

/** Variables whose values are commands the program runs. */
const COMMAND_VARIABLES = new Set([
  'GIT_SSH_COMMAND', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'SSH_ASKPASS',
  'EDITOR', 'VISUAL', 'PAGER', 'MANPAGER', 'LESSOPEN', 'LESSCLOSE', 'PROMPT_COMMAND', 'SUDO_ASKPASS', 'BROWSER',
]);

const textOf = (word: ExpandedWord | undefined): string | undefined => (word?.exact ? word.text : undefined);

/** `NAME=value` or the value of `-x value` / `-xvalue` / `--long=value` / `--long value`. */
function valuesOf(args: readonly ExpandedWord[], short: string[], long: string[]): Array<string | undefined> {
  const values: Array<string | undefined> = [];
  for (let index = 0; index < args.length; index++) {
    const text = (args[index] as ExpandedWord).text;
    for (const option of short) {
      if (text === option) values.push(textOf(args[index + 1]));
      else if (text.startsWith(option) && option.length === 2) values.push(text.slice(2));
    }
    for (const option of long) {
      if (text === option) values.push(textOf(args[index + 1]));
      else if (text.startsWith(`${option}=`)) values.push(text.slice(option.length + 1));
    }
  }
  return values;
}

function gitScripts(args: readonly ExpandedWord[]): OptionScript[] {
  const scripts: OptionScript[] = [];
  for (const setting of valuesOf(args, ['-c'], ['--config'])) {
    if (setting === undefined) {
      scripts.push({ script: undefined, via: 'git -c' });
      continue;
    }
    const equals = setting.indexOf('=');
    const key = setting.slice(0, equals < 0 ? undefined : equals).toLowerCase();
    const value = equals < 0 ? '' : setting.slice(equals + 1);
    if (key.startsWith('alias.') && value.startsWith('!')) scripts.push({ script: value.slice(1), via: `git -c ${key}` });
    else if (key === 'credential.helper' && value.startsWith('!')) scripts.push({ script: value.slice(1), via: `git -c ${key}` });
    else if (GIT_COMMAND_KEYS.some((pattern) => pattern.test(key))) scripts.push({ script: value, via: `git -c ${key}` });
  }
  for (const value of valuesOf(args, [], ['--upload-pack', '--receive-pack', '--exec'])) scripts.push({ script: value, via: 'git --upload-pack' });
  return scripts;
}

function tarScripts(args: readonly ExpandedWord[]): OptionScript[] {
  const actions = valuesOf(args, [], ['--checkpoint-action']).map((action) =>
    action === undefined ? undefined : action.startsWith('exec=') ? action.slice(5) : action === 'exec' ? undefined : '',
  );
  const programs = valuesOf(args, ['-I'], ['--use-compress-program', '--to-command', '--info-script', '--new-volume-script', '--rsh-command']);
  return [...actions, ...programs].filter((script) => script !== '').map((script) => ({ script, via: 'a tar option' }));
}

function sshScripts(args: readonly ExpandedWord[]): OptionScript[] {
  return valuesOf(args, ['-o'], []).flatMap((option) => {
    if (option === undefined) return [{ script: undefined, via: 'ssh -o' }];
    const match = /^(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)[= ](.*)$/i.exec(option);
    return match ? [{ script: match[2], via: `ssh -o ${match[1]}` }] : [];
  });
}

const BY_PROGRAM: Record<string, (args: readonly ExpandedWord[]) => OptionScript[]> = {
  git: gitScripts,
  tar: tarScripts,
  ssh: sshScripts,
  scp: sshScripts,
  sftp: sshScripts,
  rsync: (args) => valuesOf(args, ['-e'], ['--rsh', '--rsync-path']).map((script) => ({ script, via: 'rsync -e' })),
  sort: (args) => valuesOf(args, [], ['--compress-program']).map((script) => ({ script, via: 'sort --compress-program' })),
  man: (args) => valuesOf(args, ['-P', '-H'], ['--pager', '--html']).map((script) => ({ script, via: 'man --pager' })),
  env: (args) => valuesOf(args, ['-S'], ['--split-string']).map((script) => ({ script, via: 'env -S' })),
  zip: (args) => valuesOf(args, ['-TT'], ['--unzip-command']).map((script) => ({ script, via: 'zip -TT' })),
  trap: (args) => (args[0] && !args[0].text.startsWith('-') ? [{ script: textOf(args[0]), via: 'trap' }] : []),
  alias: (args) => args.flatMap((arg) => (arg.text.includes('=') ? [{ script: arg.exact ? arg.text.slice(arg.text.indexOf('=') + 1) : undefined, via: 'alias' }] : [])),
};

/** Scripts a program runs from its options or arguments. */
export function optionScripts(name: string, args: readonly ExpandedWord[]): OptionScript[] {
  return BY_PROGRAM[name]?.(args) ?? [];
}

/** Scripts held in command-valued variables set before the command (`GIT_SSH_COMMAND=…`). */
export function assignmentScripts(assignments: readonly string[]): OptionScript[] {
  return assignments.flatMap((assignment) => {
    const name = assignment.slice(0, assignment.indexOf('='));
    return COMMAND_VARIABLES.has(name) ? [{ script: assignment.slice(assignment.indexOf('=') + 1), via: `${name}=` }] : [];
  });
}
