// Turns the loop's permission question into what the dialog shows, and the user's choice into
// the PermissionResult the loop gets back.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CanUseToolFn } from '../../query/deps.js';
import type { PermissionPreview, PermissionRequest } from '../../state/store.js';
import { makePatch } from '../../tools/shared/patch.js';
import type { PermissionResult, PermissionUpdate, RuleValue } from '../../types/permissions.js';
import { toolTitle } from './toolDisplay.js';

export type AskRequest = Parameters<CanUseToolFn>[0];

export type PermissionChoice =
  | { kind: 'allow_once' }
  | { kind: 'allow_always' }
  | { kind: 'deny'; feedback: string }
  /** Esc: refuse and stop the turn. */
  | { kind: 'cancel' };

/** Tools whose "ask" is a conversation with the user rather than a permission question. */
const DIALOG_KINDS: Readonly<Record<string, PermissionRequest['kind']>> = {
  AskUserQuestion: 'question',
  ExitPlanMode: 'plan',
};

export async function describePermissionRequest(
  ask: AskRequest,
  resolve: (result: PermissionResult) => void,
): Promise<PermissionRequest> {
  const { tool, input, toolUseId, context } = ask;
  const kind = DIALOG_KINDS[tool.name] ?? 'permission';
  const restoreMode = context.getPermissionContext().prePlanMode;
  return {
    kind,
    ...(kind === 'plan' ? { restoreMode: restoreMode === undefined || restoreMode === 'plan' ? 'default' : restoreMode } : {}),
    toolUseId,
    toolName: tool.userFacingName(input),
    title: toolTitle(tool, tool.name, input),
    input,
    preview: await previewFor(input, context.getCwd()),
    ruleSuggestion: suggestRule(ask),
    ...(ask.agentName !== undefined ? { agentName: ask.agentName } : {}),
    resolve,
  };
}

export function resultForChoice(request: PermissionRequest, choice: PermissionChoice): PermissionResult {
  switch (choice.kind) {
    case 'allow_once':
      return { behavior: 'allow' };
    case 'allow_always': {
      if (!request.ruleSuggestion) return { behavior: 'allow' };
      const update: PermissionUpdate = {
        type: 'addRules',
        rules: request.ruleSuggestion.rules,
        behavior: 'allow',
        destination: request.ruleSuggestion.destination ?? 'session',
      };
      return { behavior: 'allow', updatedPermissions: [update] };
    }
    case 'deny':
      return { behavior: 'deny', message: denialMessage(request.toolName, choice.feedback) };
    case 'cancel':
      return {
        behavior: 'deny',
        message: `The user stopped the ${request.toolName} call and the turn. Wait for their next message.`,
        interrupt: true,
      };
  }
}

export function denialMessage(toolName: string, feedback: string): string {
  const said = feedback.trim();
  if (said === '') return `The user declined this ${toolName} call. Do not retry it; ask what to do instead.`;
  return `The user declined this ${toolName} call and said: ${said}`;
}

/**
 * The tool's own suggestion when it has one. A command without one has no rule that is safe to
 * keep (the dialog then offers only "Yes" and "No"); other tools fall back to the whole tool.
 */
function suggestRule(ask: AskRequest): PermissionRequest['ruleSuggestion'] {
  const suggested = ask.decision.suggestions?.find(
    (update): update is Extract<PermissionUpdate, { type: 'addRules' }> =>
      update.type === 'addRules' && update.behavior === 'allow',
  );
  const command = typeof ask.input.command === 'string' ? ask.input.command : undefined;
  if (suggested === undefined && command !== undefined) return undefined;
  const rules: RuleValue[] = suggested?.rules ?? [{ toolName: ask.tool.name }];
  // Commands are remembered for the project (settings.local.json), like the reference; the rest for the session.
  const destination = suggested?.destination === 'localSettings' && command ? 'localSettings' : 'session';
  return { rules, label: ruleLabel(rules, command), destination };
}

/** What the dialog says will be remembered: the rules as saved, or "this exact command". */
function ruleLabel(rules: readonly RuleValue[], command: string | undefined): string {
  const content = rules.length === 1 ? rules[0]?.ruleContent : undefined;
  // A rule with no wildcard, its escaped stars as written, that is the whole command.
  const literal = content === undefined || /(?<!\\)\*/.test(content) ? undefined : content.replace(/\\\*/g, '*');
  if (literal !== undefined && literal === command?.trim()) return 'this exact command';
  return rules.map(formatRule).join(', ');
}

export function formatRule(rule: RuleValue): string {
  return rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}

async function previewFor(input: Record<string, unknown>, cwd: string): Promise<PermissionPreview> {
  if (typeof input.command === 'string') return { kind: 'command', command: input.command };
  const filePath = typeof input.file_path === 'string' ? input.file_path : undefined;
  if (filePath) {
    const hunks = await proposedPatch(path.resolve(cwd, filePath), input);
    if (hunks) return { kind: 'diff', path: filePath, hunks };
  }
  return { kind: 'input', text: JSON.stringify(input, null, 2) };
}

/** The change an Edit or Write would make, against the file as it is now when it exists. */
async function proposedPatch(absPath: string, input: Record<string, unknown>) {
  const current = await readFile(absPath, 'utf8').catch(() => undefined);
  if (typeof input.content === 'string') return makePatch(absPath, current ?? '', input.content);
  if (typeof input.old_string !== 'string' || typeof input.new_string !== 'string') return undefined;
  const { old_string: oldText, new_string: newText } = input;
  if (current !== undefined && oldText !== '' && current.includes(oldText)) {
    const after = input.replace_all === true ? current.split(oldText).join(newText) : current.replace(oldText, () => newText);
    return makePatch(absPath, current, after);
  }
  return makePatch(absPath, oldText, newText);
}
