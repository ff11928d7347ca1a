// The plan approval dialog's choices and what each one answers the loop.
import type { PermissionMode, PermissionResult } from '../../types/permissions.js';

export type PlanChoice =
  | { kind: 'approve'; mode: PermissionMode }
  | { kind: 'keep_planning'; feedback: string }
  | { kind: 'cancel' };

export function planChoiceResult(choice: PlanChoice): PermissionResult {
  switch (choice.kind) {
    case 'approve':
      return { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: choice.mode, destination: 'session' }] };
    case 'keep_planning': {
      const said = choice.feedback.trim();
      return {
        behavior: 'deny',
        message:
          said === ''
            ? 'The user did not approve the plan and wants to keep planning (plan mode is still on). Ask what they would like changed.'
            : `The user did not approve the plan (plan mode is still on) and said: ${said}\nRevise the plan and present it again with ExitPlanMode.`,
      };
    }
    case 'cancel':
      return { behavior: 'deny', message: 'The user stopped the turn instead of answering. Wait for their next message.', interrupt: true };
  }
}
