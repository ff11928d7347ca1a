// Print mode's session and prompt hooks: SessionStart runs before `init` is printed (stream-json
// shows each of its hooks there) and its context goes before the prompt, UserPromptSubmit context
// after it, and hook warnings go to stderr so stdout stays parseable.
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
  booted: Pick<Bootstrapped, 'hooks' | 'model'>,
  source: SessionStartSource,
  context: ToolUseContext,
  observer?: HookObserver,
): Promise<UserMessage[]> {
  const site = { ...hookSiteFor(context), ...(observer ? { observer } : {}) };
  const started = await runSessionStartHooks(booted.hooks, source, booted.model, site);
  warn(started.notices);
  return started.context;
}

export async function promptSubmitHooks(booted: Pick<Bootstrapped, 'hooks'>, prompt: string, context: ToolUseContext): Promise<HookedPrompt> {
  const submitted = await runPromptSubmitHooks(booted.hooks, prompt, hookSiteFor(context));
  warn(submitted.notices);
  return { ...(submitted.blocked !== undefined ? { blocked: submitted.blocked } : {}), after: submitted.context };
}

export async function endSessionHooks(booted: Pick<Bootstrapped, 'hooks' | 'cwd'>, reason: SessionEndReason): Promise<void> {
  warn(await runSessionEndHooks(booted.hooks, reason, { cwd: booted.cwd }));
}

function warn(notices: readonly string[]): void {
  for (const notice of notices) process.stderr.write(`pulse: warning: ${notice}\n`);
}
