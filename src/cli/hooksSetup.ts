// The hooks both faces run around the loop: SessionStart once (its output is context for the
// first prompt), UserPromptSubmit before each prompt (it may block the prompt or add context),
// and SessionEnd on the way out. Print mode and the REPL call these; the loop never does.
import type { HookCallSite, HookRunner } from '../hooks/hookRunner.js';
import type { HookEventFields } from '../hooks/events.js';
import type { CommonHookResult } from '../hooks/fold.js';
import type { Terminal } from '../query/state.js';
import type { LoopEvent, UserMessage } from '../types/messages.js';
import type { ToolUseContext } from '../tools/Tool.js';
import { createUserMessage } from '../utils/messages.js';

export type SessionStartSource = HookEventFields['SessionStart']['source'];
export type SessionEndReason = HookEventFields['SessionEnd']['reason'];

export type PromptHookOutcome = {
  /** Set when a UserPromptSubmit hook refused the prompt: why, for the person. */
  blocked?: string;
  /** Hidden context to send right after the prompt. */
  context: UserMessage[];
  /** Warnings and hook failures for the person. */
  notices: string[];
};

export type SessionStartOutcome = { context: UserMessage[]; notices: string[] };

export function hookSiteFor(context: ToolUseContext): HookCallSite {
  return { cwd: context.getCwd(), permissionMode: context.getPermissionContext().mode, signal: context.abortSignal };
}

export async function runSessionStartHooks(
  hooks: HookRunner | undefined,
  source: SessionStartSource,
  model: string,
  site: HookCallSite,
): Promise<SessionStartOutcome> {
  if (!hooks?.has('SessionStart')) return { context: [], notices: [] };
  const result = await hooks.sessionStart({ source, model }, site);
  return {
    context: contextMessages('SessionStart', result.additionalContext),
    notices: noticesOf('SessionStart', result),
  };
}

export async function runPromptSubmitHooks(
  hooks: HookRunner | undefined,
  prompt: string,
  site: HookCallSite,
): Promise<PromptHookOutcome> {
  if (!hooks?.has('UserPromptSubmit')) return { context: [], notices: [] };
  const result = await hooks.userPromptSubmit({ prompt }, site);
  const notices = noticesOf('UserPromptSubmit', result);
  if (result.blocked) {
    return { blocked: `A UserPromptSubmit hook blocked the prompt: ${result.reason ?? 'no reason given'}`, context: [], notices };
  }
  return { context: contextMessages('UserPromptSubmit', result.additionalContext), notices };
}

/** Never throws and never holds the exit up for long: the session is over either way. */
export async function runSessionEndHooks(hooks: HookRunner | undefined, reason: SessionEndReason, site: HookCallSite): Promise<string[]> {
  if (!hooks?.has('SessionEnd')) return [];
  try {
    return noticesOf('SessionEnd', await hooks.simple('SessionEnd', { reason }, site));
  } catch (error) {
    return [`SessionEnd hooks failed: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/**
 * Notification hooks (the REPL's waiting permission question, its idle prompt). They only tell:
 * nothing waits on them and a failure is dropped, as the reference drops it.
 */
export async function runNotificationHooks(hooks: HookRunner | undefined, fields: HookEventFields['Notification'], site: HookCallSite): Promise<void> {
  if (!hooks?.has('Notification')) return;
  await hooks.simple('Notification', fields, site).catch(() => undefined);
}

/** Stands in for the loop when the prompt never reached it. */
// eslint-disable-next-line require-yield
export async function* promptBlockedLoop(): AsyncGenerator<LoopEvent, Terminal> {
  return { reason: 'hook_stopped' };
}

function contextMessages(event: string, context: string[]): UserMessage[] {
  const text = context.filter((part) => part.trim() !== '').join('\n');
  if (text === '') return [];
  return [createUserMessage({ content: `${event} hook additional context:\n${text}`, isMeta: true })];
}

function noticesOf(event: string, result: CommonHookResult): string[] {
  return [...result.systemMessages.map((text) => `${event} hook: ${text}`), ...result.errors.map((text) => `Hook error: ${text}`)];
}
