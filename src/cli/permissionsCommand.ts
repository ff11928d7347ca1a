// `pulse permissions explain "<command>"` (or `"Tool(arg)"`): what Pulse would answer for that
// call here, and why: the verdict, each command as bash will run it, the rule and the settings
// file that decided (or that none did), and the mode or path check. The message shown is the
// one the model and the person get. Nothing is run: settings are only read, so it needs no trust.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { buildPermissionContext } from '../bootstrap/permissionContext.js';
import { autoModeExplainLines } from './autoModeExplain.js';
import { localSettingsPath, managedSettingsPath, projectSettingsPath, tildePath, userSettingsPath } from '../bootstrap/settings/sources.js';
import { loadStartupSettings } from '../bootstrap/startupSettings.js';
import { describeRule, type BashDecision, type SegmentReport } from '../permissions/bash/decide.js';
import { parsePermissionMode } from '../permissions/updates.js';
import { explainBash, pathVerdictOf, resolvePermission } from '../permissions/resolve.js';
import { parseRuleString, splitToolList } from '../permissions/rules.js';
import { getAllTools } from '../tools/registry.js';
import { FileReadCache } from '../tools/shared/fileReadCache.js';
import { toolMatchesName, type AnyTool, type ToolUseContext } from '../tools/Tool.js';
import type { PermissionDecision, PermissionMode, PermissionRule, RuleSource, ToolPermissionContext } from '../types/permissions.js';
import { runSubcommand, STANDARD_OUTPUT, type ActionResult, type Output } from './subcommand.js';


type ExplainOptions = { mode?: string; allowedTools?: string[]; disallowedTools?: string[]; settings?: string };

/** Where a rule came from, as a file the person can open. */
function origin(source: RuleSource, projectRoot: string, flagSettings: string | undefined): string {
  const files: Partial<Record<RuleSource, string>> = {
    userSettings: userSettingsPath(),
    projectSettings: projectSettingsPath(projectRoot),
    localSettings: localSettingsPath(projectRoot),
    policySettings: managedSettingsPath(),
    flagSettings: flagSettings ?? '--settings',
  };
  const file = files[source];
  if (file) return tildePath(file);
  return source === 'cliArg' ? 'the command line (--allowedTools / --disallowedTools)' : source;
}

/** `Read(src/a.ts)` → the Read tool with that path; anything that is not `Tool(arg)` is a command. */
function callFor(subject: string, tools: readonly AnyTool[], cwd: string): { tool: AnyTool; input: Record<string, unknown> } {
  const bash = tools.find((tool) => tool.name === 'Bash') as AnyTool;
  const rule = /^[A-Za-z][\w-]*\(/.test(subject) ? parseRuleString(subject) : undefined;
  const tool = rule ? tools.find((candidate) => toolMatchesName(candidate, rule.toolName)) : undefined;
  if (!rule || !tool) return { tool: bash, input: { command: subject } };
  const arg = rule.ruleContent ?? '';
  if (tool.name === 'Bash') return { tool, input: { command: arg } };
  if (tool.name === 'WebFetch') return { tool, input: { url: arg, prompt: 'explain' } };
  if (tool.name === 'Grep' || tool.name === 'Glob') return { tool, input: { pattern: '*', ...(arg ? { path: resolve(cwd, arg) } : {}) } };
  if (tool.name === 'NotebookEdit') return { tool, input: { notebook_path: resolve(cwd, arg), new_source: '' } };
  return { tool, input: arg === '' ? {} : { file_path: resolve(cwd, arg), old_string: 'a', new_string: 'b', content: '' } };
}

function contextFor(cwd: string, permissions: ToolPermissionContext): ToolUseContext {
  return {
    getCwd: () => cwd,
    setCwd: () => undefined,
    abortSignal: new AbortController().signal,
    readFileState: new FileReadCache(),
    getPermissionContext: () => permissions,
    options: { model: 'explain', isNonInteractive: true, verbose: false, env: {} },
  };
}

const VERDICTS: Record<PermissionDecision['behavior'], string> = { allow: 'allow', deny: 'deny', ask: 'ask', passthrough: 'ask' };

function describeSegment(report: SegmentReport, index: number, named: (rule: PermissionRule) => string): string[] {
  const where = report.cwdUnknown ? 'a folder known only at run time' : report.cwds.join(' or ');
  const via = report.via ? `, run by ${report.via}` : '';
  const lines = [`  ${index + 1}. ${report.runs}`, `     in ${where}${via}`, `     ${report.verdict}: ${report.because}`];
  if (report.rule) lines.push(`     rule ${describeRule(report.rule)} from ${named(report.rule)}`);
  return lines;
}

function explainLines(decision: PermissionDecision, bash: BashDecision | undefined, detail: string[], named: (rule: PermissionRule) => string): string[] {
  const lines = [`Verdict: ${VERDICTS[decision.behavior]}`];
  if (bash) {
    lines.push(`Decided by: ${bash.decidedBy}`);
    if (bash.problems.length > 0) lines.push(`Shell syntax Pulse cannot follow: ${bash.problems.join('; ')}`);
    if (bash.segments.length > 0) lines.push('Commands as bash will run them:', ...bash.segments.flatMap((report, index) => describeSegment(report, index, named)));
    else lines.push('No rule matched any command.');
  }
  lines.push(...detail);
  if (decision.behavior === 'allow') lines.push(`Reason: ${decision.reason ?? 'allowed'}`);
  else if (decision.behavior !== 'passthrough') lines.push(`Message to the model and to you: ${decision.message}`);
  return lines;
}

async function explain(subject: string, options: ExplainOptions, io: Output): Promise<number> {
  const cwd = realpathSync(process.cwd());
  const settings = loadStartupSettings({ cwd, flagSettings: options.settings, strict: false });
  for (const warning of settings.warnings) io.err(`pulse: warning: ${warning}\n`);
  const flagMode: PermissionMode | undefined = options.mode === undefined ? undefined : parsePermissionMode(options.mode);
  const permissions = buildPermissionContext({
    cwd,
    ...(flagMode ? { flagMode } : {}),
    dangerouslySkipPermissions: false,
    ...(settings.defaultMode ? { settingsDefaultMode: settings.defaultMode } : {}),
    settingsRules: settings.rules,
    allowedTools: splitToolList(options.allowedTools ?? []),
    disallowedTools: splitToolList(options.disallowedTools ?? []),
    addDirs: [],
    settingsDirectories: settings.additionalDirectories,
  });
  const tools = getAllTools();
  const { tool, input } = callFor(subject, tools, cwd);
  const ctx = contextFor(cwd, permissions);
  const named = (rule: PermissionRule): string => origin(rule.source, settings.projectRoot, options.settings);
  const decision = await resolvePermission(tool, input, ctx);
  const header = tool.name === 'Bash' ? `Bash: ${String(input.command)}` : `${tool.name}: ${String(input.file_path ?? input.path ?? input.url ?? input.notebook_path ?? '(the whole tool)')}`;
  const detail: string[] = [];
  const path = input.file_path ?? input.path ?? input.notebook_path;
  if (typeof path === 'string') {
    const verdict = pathVerdictOf(tool, input, path, ctx);
    detail.push(`Path check: ${verdict.behavior} (${verdict.check}${'rule' in verdict ? `: ${describeRule(verdict.rule)} from ${named(verdict.rule)}` : ''})`);
  }
  const bash = tool.name === 'Bash' ? explainBash(tool, String(input.command), ctx) : undefined;
  const autoMode = autoModeExplainLines(cwd, permissions.mode, tool, input, decision);
  io.out([header, `Mode: ${permissions.mode}`, ...explainLines(decision, bash, detail, named), ...autoMode].join('\n') + '\n');
  return 0;
}

function buildProgram(io: Output, result: ActionResult): Command {
  const program = new Command('pulse permissions').description('Inspect how permission rules apply');
  program
    .command('explain')
    .description('Explain what Pulse would answer for a Bash command or a Tool(arg) call here, and why')
    .argument('<call>', 'a shell command, or Tool(arg) such as "Read(src/a.ts)"')
    .addOption(new Option('--mode <mode>', 'the permission mode to judge in (default: the settings default)'))
    .option('--allowedTools <rules...>', 'extra allow rules, as on the main command line')
    .option('--disallowedTools <rules...>', 'extra deny rules, as on the main command line')
    .option('--settings <file-or-json>', 'extra settings, as on the main command line')
    .action((call: string, options: ExplainOptions) => {
      result.code = explain(call, options, io);
    });
  return program;
}

export async function runPermissionsCommand(args: string[], io: Output = STANDARD_OUTPUT): Promise<number> {
  const result: ActionResult = { code: undefined };
  return runSubcommand('permissions', buildProgram(io, result), result, args, io);
}
