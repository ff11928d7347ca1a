// Print mode's session and prompt hooks: SessionStart context goes before the prompt,
// UserPromptSubmit context after it, and hook warnings go to stderr so stdout stays parseable.
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
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

export type HookedPrompt = { blocked?: string; before: UserMessage[]; after: UserMessage[] };

export async function hooksAroundPrompt(
  booted: Pick<Bootstrapped, 'hooks' | 'model'>,
  prompt: string,
  source: SessionStartSource,
  context: ToolUseContext,
): Promise<HookedPrompt> {
  const site = hookSiteFor(context);
  const started = await runSessionStartHooks(booted.hooks, source, booted.model, site);
  warn(started.notices);
  const submitted = await runPromptSubmitHooks(booted.hooks, prompt, site);
  warn(submitted.notices);
  return {
    ...(submitted.blocked !== undefined ? { blocked: submitted.blocked } : {}),
    before: started.context,
    after: submitted.context,
  };
}

export async function endSessionHooks(booted: Pick<Bootstrapped, 'hooks' | 'cwd'>, reason: SessionEndReason): Promise<void> {
  warn(await runSessionEndHooks(booted.hooks, reason, { cwd: booted.cwd }));
}

function warn(notices: readonly string[]): void {
  for (const notice of notices) process.stderr.write(`pulse: warning: ${notice}\n`);
}
