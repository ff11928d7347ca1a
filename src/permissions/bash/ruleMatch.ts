// Bash rules against commands as bash runs them. Deny and ask rules look at every form a
// command could take (past assignments, wrappers, `sudo`, git's global options, a program's
// path) and say "cannot be sure" when a word they depend on is only known at run time
// (`$(echo rm) x`, `rm${IFS}x`, `/bin/r[m]`). Allow rules look only at what certainly runs, never
// cover a code runner they do not name, and never stretch over an option that writes or runs.
import type { PermissionRule } from '../../types/permissions.js';
import { isSafeEnvAssignment } from './env.js';
import type { Facts } from './facts.js';
import { withoutGlobals, withoutHarmlessGlobals } from './git.js';
import type { ExpandedWord } from './parse/expand.js';
import { compileBashPattern, type BashPattern } from './pattern.js';
import { commandSuffixes, stripWrappers } from './wrappers.js';

/** Programs that run arbitrary code from their arguments; an allow rule must name them itself. */
export const CODE_RUNNERS = new Set([
  'sh', 'bash', 'zsh', 'fish', 'csh', 'tcsh', 'ksh', 'dash', 'ash', 'mksh', 'busybox', 'cmd', 'powershell', 'pwsh',
  'env', 'xargs', 'eval', 'exec', 'sudo', 'doas', 'su', 'source', '.', 'watch', 'nohup', 'setsid',
]);

export type RuleMatch = 'match' | 'unsure';

const basename = (program: string): string => program.slice(program.lastIndexOf('/') + 1);
const unknown = (word: ExpandedWord): boolean => !word.exact || word.glob;
const joined = (words: readonly ExpandedWord[]): string => words.map((word) => word.text).join(' ');
const asWord = (text: string): ExpandedWord => ({ text, exact: true, splits: false, glob: false });

/** Every word list a deny or ask rule is tried against, generous on purpose. */
function restrictionForms(facts: Facts): ExpandedWord[][] {
  const { segment } = facts;
  const bases = [[...segment.assignments.map(asWord), ...segment.argv], ...commandSuffixes(segment.argv), facts.command];
  const forms: ExpandedWord[][] = [];
  for (const form of bases) {
    for (const variant of [form, withoutGlobals(form)]) {
      if (!variant || variant.length === 0) continue;
      forms.push(variant);
      const first = variant[0] as ExpandedWord;
      if (first.exact && first.text.includes('/')) forms.push([{ ...first, text: basename(first.text) }, ...variant.slice(1)]);
    }
  }
  return forms;
}

/** Whether unknown words could make this word list match the pattern. */
function couldMatch(pattern: BashPattern, words: readonly ExpandedWord[]): boolean {
  const head = pattern.literalHead.split(' ').filter((word) => word !== '');
  if (head.length === 0) return words.some(unknown);
  const partialLast = pattern.kind === 'wildcard' && !pattern.literalHead.endsWith(' ');
  for (let index = 0; index < head.length; index++) {
    const word = words[index];
    if (word === undefined) return false;
    if (unknown(word)) return true;
    const value = index === 0 ? basename(word.text) : word.text;
    const expected = head[index] as string;
    const fits = index === head.length - 1 && partialLast ? value.startsWith(expected) : value === expected || word.text === expected;
    if (!fits) return false;
  }
  return words.slice(head.length).some(unknown);
}

/** A deny or ask rule against one command: it matches, it might, or (undefined) it does not. */
export function restrictionMatch(rule: PermissionRule, facts: Facts): RuleMatch | undefined {
  if (rule.ruleContent === undefined) return 'match';
  const pattern = compileBashPattern(rule.ruleContent);
  const forms = restrictionForms(facts);
  const texts = [facts.segment.text, facts.segment.rawWords.join(' '), ...forms.map(joined)];
  if (texts.some((text) => pattern.regex.test(text))) return 'match';
  if (facts.segment.problems.length > 0) return 'unsure';
  return forms.some((form) => couldMatch(pattern, form)) ? 'unsure' : undefined;
}

type AllowForm = { words: ExpandedWord[]; raw?: string };

/** The ways an allow rule may see a command: as written, and without safe assignments or wrappers. */
function allowForms(facts: Facts): AllowForm[] {
  const { segment } = facts;
  const literal: AllowForm = { words: [...segment.assignments.map(asWord), ...segment.argv], raw: segment.text };
  if (!segment.assignments.every(isSafeEnvAssignment)) return [literal];
  const aligned = segment.rawWords.length === segment.argv.length;
  const unwrapped = stripWrappers(segment.argv.map((word) => word.text), { throughXargs: false }).argv.length;
  const stripped = segment.argv.length - unwrapped;
  const command: AllowForm = { words: segment.argv.slice(stripped), ...(aligned ? { raw: segment.rawWords.slice(stripped).join(' ') } : {}) };
  const forms = [literal, { words: segment.argv, raw: segment.rawWords.join(' ') }, command];
  const git = withoutHarmlessGlobals(command.words);
  if (git) forms.push({ words: git });
  return forms;
}

function allowsForm(pattern: BashPattern, form: AllowForm, facts: Facts): boolean {
  const program = form.words[0];
  if (program === undefined || unknown(program)) return false;
  if (CODE_RUNNERS.has(basename(program.text)) && pattern.literalHead !== program.text && !pattern.literalHead.startsWith(`${program.text} `)) {
    return false;
  }
  if (facts.segment.argsFromStdin && !pattern.endsOpen) return false;
  const texts = form.raw !== undefined ? [form.raw] : [];
  if (!form.words.some((word) => /\s/.test(word.text))) texts.push(joined(form.words));
  return texts.some((text) => pattern.regex.test(text));
}

/**
 * Whether an allow rule covers the command. A prefix or wildcard rule never covers an option
 * that writes or runs code (`Bash(find:*)` and `-delete`) unless the rule itself names it.
 */
export function allowRuleCovers(rule: PermissionRule, facts: Facts): boolean {
  if (rule.ruleContent === undefined) return true;
  const pattern = compileBashPattern(rule.ruleContent);
  if (pattern.kind !== 'exact' && facts.unsafe.some((option) => !(rule.ruleContent as string).includes(option))) return false;
  return allowForms(facts).some((form) => allowsForm(pattern, form, facts));
}

/** An exact rule for the whole command text: the person approved exactly this, whatever it holds. */
export function isExactWholeCommandRule(rule: PermissionRule, command: string): boolean {
  if (rule.ruleContent === undefined) return true;
  const pattern = compileBashPattern(rule.ruleContent);
  return pattern.kind === 'exact' && pattern.literalHead.trim() === command.trim();
}
