// The line printed when a turn ends for a reason other than a finished answer.
import type { Terminal } from '../../query/state.js';
import type { NoticeTone } from '../../state/store.js';

export type TurnEndNotice = { text: string; tone: NoticeTone };

/** What an interrupted turn leaves on screen, live and when its session is resumed. */
export const INTERRUPTED_NOTICE: TurnEndNotice = { text: 'Interrupted. Tell Pulse what to do instead.', tone: 'warning' };

export function noticeForTerminal(terminal: Terminal): TurnEndNotice | undefined {
  switch (terminal.reason) {
    case 'completed':
      return undefined;
    case 'aborted_streaming':
    case 'aborted_tools':
      return INTERRUPTED_NOTICE;
    case 'max_turns':
      return { text: `Stopped after ${terminal.turnCount} turns (the --max-turns limit).`, tone: 'warning' };
    case 'max_budget':
      return { text: 'Stopped: the spending limit for this session is reached.', tone: 'warning' };
    case 'prompt_too_long':
    case 'blocking_limit':
      return { text: 'The conversation no longer fits in the model’s context. Use /clear to start over.', tone: 'error' };
    case 'model_error':
      return { text: `The model request failed: ${errorText(terminal.error)}`, tone: 'error' };
    case 'stop_hook_prevented':
    case 'hook_stopped':
      return { text: 'A hook stopped this turn.', tone: 'warning' };
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}
