// `` !`cmd` `` in a command file runs before the prompt is sent and is replaced by its output.
// It is judged as the reference judges it: as a Bash call under the session's permissions with
// the command's own `allowed-tools` added as allow rules. Deny and ask rules refuse it (nobody can
// be asked before the turn starts), read-only commands such as `git diff HEAD` need no rule, and
// anything else needs a rule or a mode that allows it; a refusal says which rule would.
import { decideBash } from '../../permissions/bash/decide.js';
import { formatRule } from '../../permissions/rules.js';
import type { PermissionRule, RuleValue } from '../../types/permissions.js';
import type { PromptEnv } from '../types.js';

const PRE_COMMAND = /(^|\s)!`([^`\n]+)`/g;
const PRE_COMMAND_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_CHARS = 30_000;

export class CommandExpansionError extends Error {}

export function preCommandsIn(body: string): string[] {
  return [...body.matchAll(PRE_COMMAND)].map((match) => match[2] ?? '');
}

function bashRules(rules: readonly PermissionRule[], behavior: PermissionRule['behavior']): PermissionRule[] {
  return rules.filter((rule) => rule.behavior === behavior && rule.toolName === 'Bash');
}

/** Why `command` may not run, or undefined when the session's rules and the command's allow it. */
export function preCommandRefusal(command: string, allowed: readonly RuleValue[], env: PromptEnv): string | undefined {
  const permissions = env.permissionContext;
  const fromCommand: PermissionRule[] = allowed
    .filter((rule) => rule.toolName === 'Bash')
    .map((rule) => ({ ...rule, behavior: 'allow', source: 'command' }));
  const rules = { deny: bashRules(permissions.rules, 'deny'), ask: bashRules(permissions.rules, 'ask'), allow: [...bashRules(permissions.rules, 'allow'), ...fromCommand] };
  const bases = { projectRoot: permissions.workingDirectories[0] ?? env.cwd, cwd: env.cwd };
  const decided = decideBash({ command, cwd: env.cwd, permissions, bases, rules });
  const { decision } = decided;
  if (decision.behavior === 'allow') return undefined;
  const refused = decided.segments.find((segment) => segment.verdict !== 'allow');
  if (decision.behavior !== 'passthrough' && decision.reason === 'mode') {
    return `\`${command}\` would change things, and plan mode allows only read-only commands`;
  }
  if (decision.behavior !== 'passthrough' && decision.reason === 'rule' && refused?.rule) {
    const verb = decision.behavior === 'deny' ? 'denied' : 'held for approval';
    return `\`${command}\` is ${verb} by the rule ${formatRule(refused.rule)} (${refused.rule.source})`;
  }
  const covered = fromCommand.length === 0 ? 'no allowed-tools entry covers it' : `the command's allowed-tools (${fromCommand.map(formatRule).join(', ')}) do not cover it`;
  return `\`${command}\` needs approval and ${covered} (${refused?.because ?? 'it is not read-only'}); add a rule such as Bash(${firstWord(command)}:*) to allowed-tools`;
}

function firstWord(command: string): string {
  return command.trim().split(/\s+/)[0] ?? command;
}

/** Checks every `!` command first, so a refused one means nothing ran at all. */
export async function runPreCommands(body: string, allowed: readonly RuleValue[], env: PromptEnv): Promise<string> {
  const commands = preCommandsIn(body);
  if (commands.length === 0) return body;
  for (const command of commands) {
    const refusal = preCommandRefusal(command, allowed, env);
    if (refusal) throw new CommandExpansionError(refusal);
  }
  const outputs: string[] = [];
  for (const command of commands) outputs.push(await runOne(command, env));
  let index = 0;
  return body.replace(PRE_COMMAND, (_match, lead: string) => lead + (outputs[index++] ?? ''));
}

async function runOne(command: string, env: PromptEnv): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { cwd: env.cwd, timeout: PRE_COMMAND_TIMEOUT_MS, maxBuffer: 4 * MAX_OUTPUT_CHARS, signal: env.signal },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trimEnd();
        if (error && typeof error.code !== 'number') {
          reject(new CommandExpansionError(`\`${command}\` could not run: ${error.message}`));
          return;
        }
        resolve(output.length > MAX_OUTPUT_CHARS ? `${output.slice(0, MAX_OUTPUT_CHARS)}\n… (output cut)` : output);
      },
    );
  });
}
