// "Yes, and don't ask again" for Bash: the allow rules that would let this very command through
// next time and nothing the person did not see. Each command that needs approval is remembered
// as a prefix rule (`npm test *`), as its exact text, or only as part of the whole line exactly
// (its output goes to a file, its input comes from another command); when no rule is safe (words
// known only at run time, a script in a heredoc) nothing is offered and the dialog asks once.
// A suggestion is offered only once the decision with it saved comes out "allow".
import type { PermissionUpdate } from '../../types/permissions.js';
import { isSafeEnvAssignment } from './env.js';
import type { Facts } from './facts.js';
import { MAX_COMMAND_LENGTH } from './limits.js';
import { CODE_RUNNERS } from './ruleMatch.js';

export const MAX_SUGGESTED_RULES_FOR_COMPOUND = 5;

/** How one command may be remembered. */
export type SegmentRule = { kind: 'rule'; content: string } | { kind: 'whole line'; why: string } | { kind: 'none'; why: string };

const escapeStars = (word: string): string => word.replace(/\*/g, '\\*');
/** A word the reference also takes as a subcommand: `test`, `run`, `build`; not `a.txt`, `-rf`, `./x`, `db:migrate`. */
const PLAIN_SUBCOMMAND = /^[A-Za-z][\w-]*$/;
const FED_FROM_TEXT = new Set(['<<', '<<-', '<<<']);
const HARMLESS_INPUT = new Set(['/dev/null', '/dev/zero']);

/** Why the command's words or input are only known when it runs, or are text no rule should hold. */
function unknowable(facts: Facts): string | undefined {
  const { segment } = facts;
  if (facts.substitution) return 'its words hold the output of other commands';
  if (segment.argv.some((word) => !word.exact) || segment.assignments.some((assignment) => /[$`]/.test(assignment))) {
    return 'its words are only known when it runs';
  }
  if (segment.redirects.some((redirect) => redirect.op !== '<<' && redirect.op !== '<<-' && redirect.target?.exact === false)) {
    return 'a redirection names a file only known when it runs';
  }
  if (segment.redirects.some((redirect) => FED_FROM_TEXT.has(redirect.op))) return 'its input is text written into the command';
  return undefined;
}

/** Why only the whole line, exactly, pins what the command does. */
function needsWholeLine(facts: Facts): string | undefined {
  const { segment } = facts;
  if (facts.uses.some((use) => use.redirected && use.access === 'write')) return 'its output is written to a file';
  if (segment.pipedFrom !== undefined) return 'its input comes from another command';
  const input = segment.redirects.find((redirect) => redirect.op === '<' && !HARMLESS_INPUT.has(redirect.target?.text ?? ''));
  return input ? 'its input comes from a file' : undefined;
}

/**
 * `npm test -- --watch` → `npm test *`. Programs that write files, code runners, unknown words and
 * options that write or run code only ever get an exact rule.
 */
export function segmentRule(facts: Facts): SegmentRule {
  const unknown = unknowable(facts);
  if (unknown !== undefined) return { kind: 'none', why: unknown };
  const whole = needsWholeLine(facts);
  if (whole !== undefined) return { kind: 'whole line', why: whole };
  const { segment } = facts;
  // Stars in the text are the command's own, not the rule's wildcards.
  const exact: SegmentRule = { kind: 'rule', content: escapeStars(segment.text) };
  const [program, subcommand] = facts.command;
  if (program === undefined || !segment.assignments.every(isSafeEnvAssignment) || segment.argsFromStdin || facts.unsafe.length > 0) return exact;
  // A prefix rule for `rm build` would also remove whatever else follows it.
  if (CODE_RUNNERS.has(program.text) || program.text.includes('/') || facts.uses.some((use) => use.access === 'write')) return exact;
  if (facts.command.length === 1) return { kind: 'rule', content: escapeStars(program.text) };
  if (subcommand !== undefined && PLAIN_SUBCOMMAND.test(subcommand.text)) {
    return { kind: 'rule', content: `${escapeStars(program.text)} ${escapeStars(subcommand.text)} *` };
  }
  return exact;
}

/** An exact rule for the whole line: one line, short enough to be matched at all. */
function wholeLineRule(command: string): string | undefined {
  const line = command.trim();
  return line.includes('\n') || line.length > MAX_COMMAND_LENGTH ? undefined : escapeStars(line);
}

/**
 * The rules to offer for `command`, whose `uncovered` commands need approval (none: only where
 * it runs or what it touches does); `allows(rules)` says whether the command would then run.
 */
export function bashSuggestions(command: string, uncovered: readonly Facts[], allows: (rules: readonly string[]) => boolean): PermissionUpdate[] {
  const planned = uncovered.map(segmentRule);
  if (planned.some((rule) => rule.kind === 'none')) return [];
  const candidates: string[][] = [];
  const perCommand = planned.flatMap((rule) => (rule.kind === 'rule' ? [rule.content] : []));
  if (perCommand.length > 0 && perCommand.length === planned.length) candidates.push([...new Set(perCommand)]);
  const whole = wholeLineRule(command);
  if (whole !== undefined) candidates.push([whole]);
  const rules = candidates.find((contents) => contents.length <= MAX_SUGGESTED_RULES_FOR_COMPOUND && allows(contents));
  if (rules === undefined) return [];
  return [{ type: 'addRules', rules: rules.map((ruleContent) => ({ toolName: 'Bash', ruleContent })), behavior: 'allow', destination: 'localSettings' }];
}
