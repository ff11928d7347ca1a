// The glue between the command line, bootstrap and a LiveSession, shared by every face.
import { realpathSync } from 'node:fs';
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
import { withOptions } from '../../bootstrap/toolUseContext.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { CliOptions } from '../options.js';
import { PULSE_VERSION } from '../version.js';
import { LiveSession } from './liveSession.js';
import { resolveSessionPlan, type SessionPlan } from './resolveSession.js';

/** The directory transcripts are filed under: the same real path bootstrap settles on. */
export function sessionCwd(): string {
  try {
    return realpathSync(process.cwd());
  } catch {
    return process.cwd();
  }
}

/** Print mode and the SDK cannot show a picker: `--resume` there needs an id. */
export function planHeadlessSession(options: CliOptions, cwd: string): SessionPlan {
  if (options.resume === true) {
    throw new Error('--resume needs a session id here (pulse -p --resume <id>); use --continue for the latest');
  }
  return planSession(options, cwd);
}

export function planSession(options: CliOptions, cwd: string): SessionPlan {
  return resolveSessionPlan(
    {
      continue: options.continue,
      ...(options.resume !== undefined ? { resume: options.resume } : {}),
      forkSession: options.forkSession,
      ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    },
    cwd,
  );
}

export function openLiveSession(
  options: CliOptions,
  booted: Bootstrapped,
  plan: SessionPlan,
): LiveSession {
  return new LiveSession(
    {
      cwd: booted.cwd,
      version: PULSE_VERSION,
      persist: options.sessionPersistence,
      getPermissionMode: () => booted.getPermissionContext().mode,
      setPermissionMode: booted.setPermissionMode,
      modeChosenByFlag: options.permissionMode !== undefined || options.dangerouslySkipPermissions,
      allowBypass: options.dangerouslySkipPermissions || options.allowDangerouslySkipPermissions,
      todos: booted.todos,
    },
    plan,
  );
}

/**
 * The turn's context tied to the session's files: large results land in its spill folder, its
 * spill decisions are kept (a resumed session sends the same bytes), and tool calls are journaled
 * in its transcript the moment they start and finish.
 */
export function withSessionFiles(context: ToolUseContext, live: LiveSession): ToolUseContext {
  return {
    ...context,
    options: withOptions(context.options, { toolResultsDir: live.toolResultsDir }),
    toolResultReplacements: live.toolResultReplacements,
    toolCallJournal: live.toolCallJournal,
  };
}

/** The headless faces tell a session's notices (write failures, repairs) as `pulse: warning:` lines. */
export function warnOnStderr(text: string): void {
  process.stderr.write(`pulse: warning: ${text}\n`);
}
