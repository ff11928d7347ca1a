// The permission decision for one Bash command, made on the commands bash will really run.
// The order is the resolution chain's: deny rules (command and path rules, and "cannot be
// sure" when a rule might apply), ask rules, plan mode, protected paths, bypass, then every
// command must be read-only, covered by an allow rule, or accepted by acceptEdits, with every
// file it reads or writes passing the same path check the file tools use. The reasons found on
// the way are the refusal's words and `pulse permissions explain`'s report.
import { statSync } from 'node:fs';
import type { PermissionDecision, PermissionMode, PermissionRule, ToolPermissionContext } from '../../types/permissions.js';
import { decidePathAccess, isProtectedWritePath, type PathVerdict } from '../pathDecision.js';
import { isInsideWorkingDirectories, type PathRuleBases } from '../paths.js';
import { PLAN_MODE_MESSAGE } from '../planMode.js';
import { formatRule } from '../rules.js';
import { factsOf, type Facts, type PathUse } from './facts.js';
import { MAX_COMMAND_LENGTH, MAX_SUBCOMMANDS } from './limits.js';
import { namedPaths } from './namedPaths.js';
import { otherRepository } from './repositories.js';
import { allowRuleCovers, isExactWholeCommandRule, restrictionMatch } from './ruleMatch.js';
import { analyzeScript } from './script.js';
import { bashSuggestions } from './suggestions.js';


export type BashQuestion = {
  command: string;
  cwd: string;
  permissions: ToolPermissionContext;
  bases: PathRuleBases;
  /** Bash rules by behaviour (whole-tool `Bash` rules included). */
  rules: { deny: PermissionRule[]; ask: PermissionRule[]; allow: PermissionRule[] };
  /** Only allow rules may allow (custom commands' `!` lines): read-only commands need one too. */
  rulesOnly?: boolean;
  /**
   * The Bash tool's own answer (the sandbox's: leaving it always asks, a sandboxed command may
   * need no approval), taken where the chain takes every tool's: a deny after the rules, an ask
   * after plan mode, an allow after bypass.
   */
  toolOpinion?: PermissionDecision;
};

export type SegmentReport = {
  /** The command as bash runs it: words after expansion, joined. */
  runs: string;
  via?: string;
  /** Where it runs; `cwdUnknown` after a `cd` to a place known only at run time. */
  cwds: string[];
  cwdUnknown: boolean;
  verdict: 'allow' | 'ask' | 'deny';
  because: string;
  rule?: PermissionRule;
};

export type BashDecision = {
  decision: PermissionDecision;
  /** What decided, in a few words: `deny rule`, `read-only`, `path check`, … */
  decidedBy: string;
  segments: SegmentReport[];
  /** Shell syntax Pulse could not follow. */
  problems: string[];
};

export const describeRule = (rule: PermissionRule): string => `${formatRule(rule)} (${rule.source})`;
const toolFor = (use: PathUse): string => (use.access === 'read' ? 'Read' : 'Edit');

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

type State = {
  question: BashQuestion;
  facts: Facts[];
  reports: SegmentReport[];
  problems: string[];
  /** Whether an ask offers rules: not while checking that offered rules would allow the command. */
  suggest: boolean;
};

function report(facts: Facts, verdict: SegmentReport['verdict'], because: string, rule?: PermissionRule): SegmentReport {
  const { segment } = facts;
  return {
    runs: [...segment.assignments, ...segment.argv.map((word) => word.text)].join(' ') || segment.text,
    ...(segment.via ? { via: segment.via } : {}),
    cwds: segment.cwds.dirs,
    cwdUnknown: segment.cwds.unknown,
    verdict,
    because,
    ...(rule ? { rule } : {}),
  };
}

function finish(state: State, decision: PermissionDecision, decidedBy: string): BashDecision {
  return { decision, decidedBy, segments: state.reports, problems: state.problems };
}

type Found = { facts: Facts; rule: PermissionRule; sure: boolean; detail: string };

/** The first deny (or ask) rule that applies: command rules, then path rules on the files used. */
function findRestriction(state: State, behavior: 'deny' | 'ask'): Found | undefined {
  const rules = state.question.rules[behavior];
  // An exact rule for the whole line restricts it as surely as one allows it.
  const whole = rules.find((rule) => rule.ruleContent !== undefined && isExactWholeCommandRule(rule, state.question.command));
  const [first] = state.facts;
  if (whole && first) return { facts: first, rule: whole, sure: true, detail: `the command is ${describeRule(whole)}` };
  let unsure: Found | undefined;
  for (const facts of state.facts) {
    for (const rule of rules) {
      const match = restrictionMatch(rule, facts);
      if (match === 'match') return { facts, rule, sure: true, detail: `${facts.segment.text} matches ${describeRule(rule)}` };
      if (match === 'unsure' && state.problems.length === 0) {
        unsure ??= { facts, rule, sure: false, detail: `${facts.segment.text} could be a command that ${describeRule(rule)} covers, as some of its words are only known at run time` };
      }
    }
    const onPath = pathRestriction(state, facts, behavior);
    if (onPath?.sure) return onPath;
    unsure ??= onPath;
  }
  const content = rules.find((rule) => rule.ruleContent !== undefined);
  if (!unsure && content && first && state.problems.length > 0) {
    unsure = { facts: first, rule: content, sure: false, detail: `the command has shell syntax Pulse cannot follow (${state.problems[0]}), so ${describeRule(content)} may apply` };
  }
  return unsure;
}

function pathRestriction(state: State, facts: Facts, behavior: 'deny' | 'ask'): Found | undefined {
  const { permissions, bases } = state.question;
  const context = { permissions, bases };
  const pathRules = permissions.rules.filter((rule) => rule.behavior === behavior && rule.ruleContent !== undefined);
  if (pathRules.length === 0) return undefined;
  let unsure: Found | undefined;
  for (const use of facts.uses) {
    const named = namedPaths(use.word, facts.segment.cwds);
    if ('unknown' in named) {
      const rule = pathRules.find((candidate) => candidate.toolName === toolFor(use) || candidate.toolName === 'Read');
      if (rule) unsure ??= { facts, rule, sure: false, detail: `${use.by} ${use.access}s ${named.unknown}, so ${describeRule(rule)} may apply` };
      continue;
    }
    const scope = named.scopeWidened ? 'tree' : use.scope;
    for (const path of named.paths) {
      const verdict = decidePathAccess({ access: use.access, path, toolName: toolFor(use), scope }, context);
      if (verdict.behavior === behavior && verdict.check === 'rule') {
        return { facts, rule: verdict.rule, sure: true, detail: `${use.by} ${use.access}s ${verdict.path}, which ${describeRule(verdict.rule)} covers` };
      }
      if (verdict.check === 'unsure' && verdict.rule.behavior === behavior) {
        unsure ??= { facts, rule: verdict.rule, sure: false, detail: `${use.by} reads everything below ${path}, too much to check against ${describeRule(verdict.rule)}` };
      }
    }
  }
  for (const word of facts.maybePaths) {
    const named = namedPaths(word, facts.segment.cwds);
    if ('unknown' in named) continue;
    for (const path of named.paths) {
      // A program Pulse does not know, given a folder, may read everything below it (`zip -r x .`).
      const scope = isDirectory(path) ? 'tree' : 'file';
      for (const toolName of ['Read', 'Edit']) {
        const verdict = decidePathAccess({ access: toolName === 'Read' ? 'read' : 'write', path, toolName, scope }, context);
        if (verdict.behavior === behavior && verdict.check === 'rule') {
          return { facts, rule: verdict.rule, sure: true, detail: `${facts.program ?? facts.segment.text} is given ${path}, and ${verdict.path} is covered by ${describeRule(verdict.rule)}` };
        }
      }
    }
  }
  return unsure;
}

/**
 * The deny rule that surely covers a command someone typed (`!cmd` at the prompt): nobody is
 * asked there, so only a sure match refuses.
 */
export function findBashDenial(question: BashQuestion): { rule: PermissionRule; detail: string } | undefined {
  const script = analyzeScript(question.command, question.cwd);
  const state: State = { question, facts: script.segments.map(factsOf), reports: [], problems: script.problems, suggest: false };
  const found = findRestriction(state, 'deny');
  return found?.sure ? { rule: found.rule, detail: found.detail } : undefined;
}

/**
 * The first rule that surely names a command bash would run for this text, wherever it sits
 * (after `&&`, inside `bash -c`, behind a wrapper): the sandbox's `excludedCommands`.
 */
export function findRuleNamingAnyCommand(command: string, cwd: string, rules: readonly PermissionRule[]): PermissionRule | undefined {
  for (const facts of analyzeScript(command, cwd).segments.map(factsOf)) {
    const rule = rules.find((candidate) => restrictionMatch(candidate, facts) === 'match');
    if (rule) return rule;
  }
  return undefined;
}

function isReadOnly(state: State): boolean {
  return state.problems.length === 0 && state.facts.length > 0 && state.facts.every((facts) => facts.readOnly);
}

type Coverage = { by: 'rule' | 'parent' | 'read-only' | 'acceptEdits'; rule?: PermissionRule } | undefined;

function coverage(state: State, facts: Facts, covered: Map<Facts['segment'], Coverage>): Coverage {
  const { rules, rulesOnly, permissions } = state.question;
  const parent = facts.segment.parent;
  const parentCoverage = parent ? covered.get(parent.segment) : undefined;
  if (parentCoverage?.by === 'rule' || parentCoverage?.by === 'parent') return { by: 'parent', ...(parentCoverage.rule ? { rule: parentCoverage.rule } : {}) };
  // A shell's script is judged command by command, but only read-only ones pass: allow rules do
  // not reach inside a shell the rules do not name.
  if (parent?.kind !== 'shell' && !facts.substitution) {
    const rule = rules.allow.find((candidate) => allowRuleCovers(candidate, facts));
    if (rule) return { by: 'rule', rule };
  }
  if (rulesOnly) return undefined;
  if (facts.readOnly) return { by: 'read-only' };
  if (permissions.mode === 'acceptEdits' && facts.everyday) return { by: 'acceptEdits' };
  return undefined;
}

function pathNeed(use: PathUse, verdict: PathVerdict, covered: NonNullable<Coverage>): string | undefined {
  if (verdict.behavior === 'allow') return undefined;
  const verb = use.access === 'read' ? 'reads' : 'writes';
  if (verdict.check === 'outside') return `${use.by} ${verb} ${verdict.path}, outside the working directories`;
  if (verdict.check === 'edit') {
    // A rule for `touch` approves what touch writes; it says nothing about redirected output.
    if (!use.redirected && (covered.by === 'rule' || covered.by === 'parent')) return undefined;
    return `${use.by} ${verb} ${verdict.path}`;
  }
  return `${use.by} ${verb} ${verdict.path}`;
}

/** Why this command (already covered) still needs a question: its files, its folder, its repository. */
function placeNeed(state: State, facts: Facts, covered: NonNullable<Coverage>): string | undefined {
  const { permissions, bases } = state.question;
  for (const use of facts.uses) {
    const named = namedPaths(use.word, facts.segment.cwds);
    if ('unknown' in named) return `${use.by} ${use.access === 'read' ? 'reads' : 'writes'} a file it names at run time (${named.unknown})`;
    const scope = named.scopeWidened ? 'tree' : use.scope;
    for (const path of named.paths) {
      const need = pathNeed(use, decidePathAccess({ access: use.access, path, toolName: toolFor(use), scope }, { permissions, bases }), covered);
      if (need) return need;
    }
  }
  const { cwds } = facts.segment;
  if (covered.by === 'rule' || covered.by === 'acceptEdits') {
    if (cwds.unknown) return `${facts.segment.text} runs in a folder only known at run time`;
    const outside = cwds.dirs.find((dir) => !isInsideWorkingDirectories(dir, permissions.workingDirectories));
    if (outside) return `${facts.segment.text} runs in ${outside}, outside the working directories`;
  }
  if (facts.program === 'git') {
    const repository = cwds.dirs.map((dir) => otherRepository(dir, bases.projectRoot)).find((found) => found !== undefined);
    if (repository) return `git runs in ${repository}, another repository whose hooks and config would run`;
  }
  return undefined;
}

type AskExtra = {
  reason?: string;
  /** The commands that need approval, when a rule may be offered for them ([]: only the whole line). */
  suggestFor?: Facts[];
};

function ask(state: State, message: string, decidedBy: string, extra: AskExtra = {}): BashDecision {
  const { reason, suggestFor } = extra;
  const suggestions = state.suggest && suggestFor ? bashSuggestions(state.question.command, suggestFor, (contents) => allowsWith(state.question, contents)) : [];
  const decision: PermissionDecision = {
    behavior: 'ask',
    message,
    ...(reason ? { reason } : {}),
    ...(suggestions.length > 0 ? { suggestions } : {}),
  };
  return finish(state, decision, decidedBy);
}

/** Whether the command would run with these allow rules saved beside the others. */
function allowsWith(question: BashQuestion, contents: readonly string[]): boolean {
  const added = contents.map((ruleContent): PermissionRule => ({ toolName: 'Bash', ruleContent, behavior: 'allow', source: 'localSettings' }));
  const rules = { ...question.rules, allow: [...question.rules.allow, ...added] };
  return decide({ ...question, rules }, false).decision.behavior === 'allow';
}

const modeOf = (question: BashQuestion): PermissionMode => question.permissions.mode;

export function decideBash(question: BashQuestion): BashDecision {
  return decide(question, true);
}

function decide(question: BashQuestion, suggest: boolean): BashDecision {
  const { command } = question;
  const script = analyzeScript(command, question.cwd);
  const facts = script.segments.map(factsOf);
  const state: State = { question, facts, reports: [], problems: [...script.problems], suggest };
  const wants = `Bash wants to run: ${command.trim()}.`;

  const denied = findRestriction(state, 'deny');
  if (denied?.sure) {
    state.reports.push(report(denied.facts, 'deny', denied.detail, denied.rule));
    return finish(state, { behavior: 'deny', message: `Permission to use Bash has been denied by rule ${describeRule(denied.rule)}: ${denied.detail}.`, reason: 'rule' }, 'deny rule');
  }
  if (denied) {
    state.reports.push(report(denied.facts, 'ask', denied.detail, denied.rule));
    return ask(state, `${wants} Pulse cannot be sure it is allowed: ${denied.detail}, and that rule denies it.`, 'deny rule (cannot be sure)', { reason: 'rule' });
  }
  const asked = findRestriction(state, 'ask');
  if (asked) {
    state.reports.push(report(asked.facts, 'ask', asked.detail, asked.rule));
    return ask(state, `${wants} It needs approval: ${asked.detail}, and that rule asks for it.`, 'ask rule', { reason: 'rule' });
  }
  const opinion = question.toolOpinion;
  if (opinion?.behavior === 'deny') return finish(state, opinion, 'the Bash tool');
  if (modeOf(question) === 'plan' && !isReadOnly(state)) {
    const culprit = facts.find((found) => !found.readOnly) ?? facts[0];
    if (culprit) state.reports.push(report(culprit, 'deny', culprit.why ?? 'not read-only'));
    return finish(state, { behavior: 'deny', message: PLAN_MODE_MESSAGE, reason: 'mode' }, 'plan mode');
  }
  if (opinion?.behavior === 'ask') return finish(state, opinion, 'the Bash tool');
  const protectedWrite = protectedWriteOf(state);
  if (protectedWrite) {
    state.reports.push(report(protectedWrite.facts, 'ask', `writes ${protectedWrite.path}, a protected file`));
    return ask(state, `${wants} It writes ${protectedWrite.path}, a protected file that configures git, the shell, the editor or Pulse. This always needs approval.`, 'protected path', { reason: 'safetyCheck' });
  }
  if (modeOf(question) === 'bypassPermissions') return finish(state, { behavior: 'allow', reason: 'bypassPermissions mode' }, 'bypassPermissions mode');
  if (opinion?.behavior === 'allow') return finish(state, opinion, 'the Bash tool');

  const exact = question.rules.allow.find((rule) => isExactWholeCommandRule(rule, command));
  if (exact && command.length <= MAX_COMMAND_LENGTH) {
    return finish(state, { behavior: 'allow', reason: `Allowed by ${describeRule(exact)}` }, 'allow rule');
  }
  const refusal = refusalBeforeCoverage(state);
  if (refusal) return ask(state, `${wants} ${refusal}`, 'cannot check');

  const covered = new Map<Facts['segment'], Coverage>();
  const needs: Array<{ facts: Facts; need: string }> = [];
  const uncovered: Facts[] = [];
  for (const found of facts) {
    const coverageOf = coverage(state, found, covered);
    covered.set(found.segment, coverageOf);
    if (!coverageOf) {
      uncovered.push(outermost(found, facts));
      const why = question.rulesOnly ? 'no rule allows it' : `no rule allows it and ${found.why ?? 'it is not read-only'}`;
      needs.push({ facts: found, need: `${found.segment.text}: ${why}` });
      state.reports.push(report(found, 'ask', why));
      continue;
    }
    const need = placeNeed(state, found, coverageOf);
    if (need) {
      needs.push({ facts: found, need });
      state.reports.push(report(found, 'ask', need, coverageOf.rule));
      continue;
    }
    state.reports.push(report(found, 'allow', becauseOf(coverageOf), coverageOf.rule));
  }
  if (needs.length === 0) {
    const rules = [...new Set(facts.flatMap((found) => covered.get(found.segment)?.rule ?? []))];
    const reason = rules.length > 0 ? `Allowed by ${rules.map(describeRule).join(', ')}` : facts.every((found) => found.readOnly) ? 'Read-only command' : 'acceptEdits mode';
    return finish(state, { behavior: 'allow', reason }, rules.length > 0 ? 'allow rule' : reason === 'Read-only command' ? 'read-only' : 'acceptEdits mode');
  }
  const first = needs[0] as { facts: Facts; need: string };
  return ask(state, `${wants} It needs approval: ${first.need}.`, uncovered.length > 0 ? 'no rule' : 'path check', { suggestFor: [...new Set(uncovered)] });
}

/** A command run by xargs or a shell is approved through the command that runs it. */
function outermost(found: Facts, all: readonly Facts[]): Facts {
  let current = found;
  for (let parent = current.segment.parent; parent; parent = current.segment.parent) {
    const outer = all.find((candidate) => candidate.segment === parent?.segment);
    if (!outer) break;
    current = outer;
  }
  return current;
}

function becauseOf(covered: NonNullable<Coverage>): string {
  if (covered.by === 'rule') return `allowed by ${describeRule(covered.rule as PermissionRule)}`;
  if (covered.by === 'parent') return `its runner is allowed by ${describeRule(covered.rule as PermissionRule)}`;
  if (covered.by === 'acceptEdits') return 'acceptEdits accepts it';
  return 'read-only';
}

function protectedWriteOf(state: State): { facts: Facts; path: string } | undefined {
  for (const facts of state.facts) {
    for (const use of facts.uses) {
      if (use.access !== 'write') continue;
      const named = namedPaths(use.word, facts.segment.cwds);
      if ('unknown' in named) continue;
      const path = named.paths.find(isProtectedWritePath);
      if (path) return { facts, path };
    }
  }
  return undefined;
}

/** What stops any allow rule short of an exact one: too long, unparseable, too many parts. */
function refusalBeforeCoverage(state: State): string | undefined {
  const { command } = state.question;
  if (command.length > MAX_COMMAND_LENGTH) return 'The command is too long to check safely.';
  if (command.trim() === '') return 'The command is empty.';
  if (state.problems.length > 0) return `The command has shell syntax that cannot be checked safely (${state.problems[0]}).`;
  if (state.facts.length > MAX_SUBCOMMANDS) return 'The command has too many parts to check safely.';
  return undefined;
}
