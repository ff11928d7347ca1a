// Which session a run belongs to: a fresh one, the latest in this directory (--continue), a named
// one (--resume <id>), or a copy of one under a new id (--fork-session). Decided before bootstrap
// so the session id is right from the first line of output.
import { randomUuid } from '../../utils/random.js';
import { existsSync } from 'node:fs';
import {
  findSession,
  forkSession,
  latestSession,
  loadTranscript,
  transcriptPath,
  type LoadedTranscript,
  type SessionSummary,
} from '../../sessions/index.js';

export type SessionChoice = {
  continue: boolean;
  /** An id or prefix; `true` means "let me pick" (the REPL's picker). */
  resume?: string | true;
  forkSession: boolean;
  /** `--session-id`: already checked to be a UUID by the command line. */
  sessionId?: string;
};

export type SessionPlan = {
  sessionId: string;
  /** Where this run appends its records. */
  transcriptPath: string;
  /** The history carried over, when resuming or forking. */
  loaded?: LoadedTranscript;
  /** The session the history came from, when it was copied (--fork-session). */
  forkedFrom?: string;
  /** The REPL should show its picker before starting (--resume without an id). */
  pickSession: boolean;
};

export class SessionChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionChoiceError';
  }
}

export function wantsResume(choice: SessionChoice): boolean {
  return choice.continue || choice.resume !== undefined;
}

function sourceSession(choice: SessionChoice, cwd: string): SessionSummary {
  if (typeof choice.resume === 'string') return findSession(cwd, choice.resume);
  const latest = latestSession(cwd);
  if (latest === undefined) throw new SessionChoiceError('no conversation to continue in this directory');
  return latest;
}

function checkFlags(choice: SessionChoice): void {
  if (choice.forkSession && !wantsResume(choice)) {
    throw new SessionChoiceError('--fork-session needs --continue or --resume');
  }
  if (choice.sessionId !== undefined && wantsResume(choice) && !choice.forkSession) {
    throw new SessionChoiceError('--session-id with --continue or --resume needs --fork-session');
  }
}

/**
 * Resolves the flags to a plan. Throws SessionChoiceError (or the lookup's SessionLookupError)
 * with a one-line message when the flags disagree or the session does not exist.
 */
export function resolveSessionPlan(choice: SessionChoice, cwd: string, newId: () => string = randomUuid): SessionPlan {
  checkFlags(choice);
  if (choice.resume === true && !choice.continue) {
    const sessionId = choice.sessionId ?? newId();
    return { sessionId, transcriptPath: transcriptPath(cwd, sessionId), pickSession: true };
  }
  if (!wantsResume(choice)) {
    const sessionId = choice.sessionId ?? newId();
    const path = transcriptPath(cwd, sessionId);
    // Two runs appending to one file would interleave two conversations into one chain.
    if (choice.sessionId !== undefined && existsSync(path)) {
      throw new SessionChoiceError(`session id ${sessionId} is already in use; resume it with --resume ${sessionId}`);
    }
    return { sessionId, transcriptPath: path, pickSession: false };
  }
  const source = sourceSession(choice, cwd);
  if (!choice.forkSession) {
    return { sessionId: source.sessionId, transcriptPath: source.path, loaded: loadTranscript(source.path), pickSession: false };
  }
  const fork = forkSession(source.path, choice.sessionId ?? newId(), cwd);
  return {
    sessionId: fork.sessionId,
    transcriptPath: fork.path,
    loaded: loadTranscript(fork.path),
    forkedFrom: source.sessionId,
    pickSession: false,
  };
}

/** The plan for a session picked later (REPL picker, /resume). */
export function planForPickedSession(summary: SessionSummary): SessionPlan {
  return {
    sessionId: summary.sessionId,
    transcriptPath: summary.path,
    loaded: loadTranscript(summary.path),
    pickSession: false,
  };
}
