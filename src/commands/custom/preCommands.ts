// `` !`cmd` `` in a command file runs before the prompt is sent and is replaced by its output.
// Only the command's own `allowed-tools` can permit it (Bash rules, checked by the permission
// engine's matcher); the session's deny rules still apply. Anything else stops the command with
// an error that says which rule would allow it.
import { checkBashAllowed, findRuleMatchingAnyPart, ruleAllowsPart } from '../../permissions/bash/match.js';
import { splitCommand } from '../../permissions/bash/split.js';
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

/** Why `command` may not run, or undefined when the command's rules allow it. */
export function preCommandRefusal(command: string, allowed: readonly RuleValue[], env: PromptEnv): string | undefined {
  const bashRules: PermissionRule[] = allowed
    .filter((rule) => rule.toolName === 'Bash')
    .map((rule) => ({ ...rule, behavior: 'allow', source: 'command' }));
  if (bashRules.length === 0) {
    return `\`${command}\` may only run when the command's allowed-tools include a Bash rule for it, e.g. Bash(${firstWord(command)}:*)`;
  }
  const denyRules = env.permissionContext.rules.filter((rule) => rule.behavior === 'deny' && rule.toolName === 'Bash');
  const denied = findRuleMatchingAnyPart(command, denyRules);
  if (denied) return `\`${command}\` is denied by the rule ${formatRule(denied)} (${denied.source})`;
  const where = { cwd: env.cwd, workingDirectories: env.permissionContext.workingDirectories };
  const check = checkBashAllowed(command, bashRules, where);
  const covered = `\`${command}\` is not covered by the command's allowed-tools (${bashRules.map(formatRule).join(', ')})`;
  if (!check.allowed) return `${covered}: ${check.reason}`;
  // The matcher lets read-only parts through without a rule; here only the file's rules may allow.
  const exact = check.rules.some((rule) => rule.ruleContent === undefined || rule.ruleContent.trim() === command.trim());
  const uncovered = splitCommand(command).parts.filter((part) => !bashRules.some((rule) => ruleAllowsPart(rule, part)));
  if (exact || uncovered.length === 0) return undefined;
  return `${covered}: no rule allows ${uncovered.map((part) => part.text).join(', ')}`;
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
