// Print mode's session and prompt hooks: SessionStart and UserPromptSubmit run before `init` is
// printed, as the reference runs them (stream-json shows their hooks there); SessionStart's context
// goes before the prompt, UserPromptSubmit's after it, and hook warnings go to stderr so stdout
// stays parseable.
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
import type { HookObserver } from '../../hooks/runner.js';
import type { UserMessage } from '../../types/messages.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import {
  hookSiteFor,
  runPromptSubmitHooks,
  runSessionEndHooks,
  runSessionStartHooks,
  type SessionEndReason,
  type SessionStartSource,
} from '../hooksSetup.js';

export type HookedPrompt = { blocked?: string; after: UserMessage[] };

/** The SessionStart hooks' context, for before the prompt; `observer` hears of each hook. */
export async function sessionStartHooks(
  booted: Pick<Bootstrapped, 'model'>,
  source: SessionStartSource,
  context: ToolUseContext,
  observer?: HookObserver,
): Promise<UserMessage[]> {
  const site = { ...hookSiteFor(context), ...(observer ? { observer } : {}) };
  const started = await runSessionStartHooks(context.hooks, source, booted.model, site);
  warn(started.notices);
  return started.context;
}

export async function promptSubmitHooks(prompt: string, context: ToolUseContext): Promise<HookedPrompt> {
  const submitted = await runPromptSubmitHooks(context.hooks, prompt, hookSiteFor(context));
  warn(submitted.notices);
  return { ...(submitted.blocked !== undefined ? { blocked: submitted.blocked } : {}), after: submitted.context };
}

export async function endSessionHooks(booted: Pick<Bootstrapped, 'hooks' | 'cwd'>, reason: SessionEndReason): Promise<void> {
  warn(await runSessionEndHooks(booted.hooks, reason, { cwd: booted.cwd }));
}

function warn(notices: readonly string[]): void {
  for (const notice of notices) process.stderr.write(`pulse: warning: ${notice}\n`);
}
