// The REPL's answer to the loop's permission questions: open the dialog through the store and
// wait for the user's choice. An abort (Esc, Ctrl+C) closes the dialog and refuses the call.
import type { CanUseToolFn } from '../../query/deps.js';
import type { ReplStore } from '../../state/store.js';
import type { PermissionResult } from '../../types/permissions.js';
import { describePermissionRequest, type AskRequest } from '../format/permissionRequest.js';

const ABORTED: PermissionResult = {
  behavior: 'deny',
  message: 'The user interrupted before answering the permission question.',
  interrupt: true,
};

/** Questions from parallel tool calls are shown one at a time, in the order they were asked. */
export function createCanUseTool(store: ReplStore): CanUseToolFn {
  let queue: Promise<unknown> = Promise.resolve();
  return (ask) => {
    const answer = queue.then(() => askOne(store, ask));
    queue = answer.catch(() => undefined);
    return answer;
  };
}

function askOne(store: ReplStore, ask: AskRequest): Promise<PermissionResult> {
  const signal = ask.context.abortSignal;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise<PermissionResult>((resolve) => {
    let settled = false;
    const onAbort = (): void => settle(ABORTED);
    const settle = (result: PermissionResult): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (store.getState().permissionRequest?.toolUseId === ask.toolUseId) {
        store.getState().setPermissionRequest(null);
      }
      resolve(result);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    describePermissionRequest(ask, settle).then(
      (request) => {
        if (!settled) store.getState().setPermissionRequest(request);
      },
      () => settle({ behavior: 'deny', message: 'Pulse could not show the permission question.' }),
    );
  });
}
