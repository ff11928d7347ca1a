// Plan mode's last step: the plan, and whether to start. Approving switches the permission mode
// (auto-accept edits, or back to the mode before planning); "keep planning" sends the typed
// feedback to the model and stays in plan mode. Esc stops the turn.
import { Box } from 'ink';
import type { PermissionRequest } from '../../state/store.js';
import type { PermissionMode } from '../../types/permissions.js';
import { planChoiceResult, type PlanChoice } from '../format/planApproval.js';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import { ChoiceList } from './ChoiceList.js';
import { DIALOG_CHROME, DialogText } from './Guttered.js';

export type PlanApprovalDialogProps = {
  request: PermissionRequest;
  /** Switches the session's mode (permission context and footer) before the loop hears "yes". */
  setPermissionMode: (mode: PermissionMode) => void;
  onCancel: () => void;
};

const KEEP_PLANNING = 2;

export function PlanApprovalDialog({ request, setPermissionMode, onCancel }: PlanApprovalDialogProps) {
  const restoreMode = request.restoreMode ?? 'default';
  const plan = typeof request.input.plan === 'string' ? request.input.plan : '';

  const answer = (choice: PlanChoice): void => {
    if (choice.kind === 'approve') setPermissionMode(choice.mode);
    request.resolve(planChoiceResult(choice));
  };
  const { selected, feedback } = useFeedbackChoices(
    3,
    (index, text) => {
      if (index === 0) answer({ kind: 'approve', mode: 'acceptEdits' });
      else if (index === 1) answer({ kind: 'approve', mode: restoreMode });
      else answer({ kind: 'keep_planning', feedback: text });
    },
    () => {
      answer({ kind: 'cancel' });
      onCancel();
    },
  );

  const options = [
    'Yes, and auto-accept edits',
    `Yes, and approve edits manually (${restoreMode} mode)`,
    'No, keep planning',
  ];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <DialogText bold color="cyan" text="Ready to code? Here is Pulse's plan:" />
      <Box borderStyle="single" borderColor="gray" paddingX={1} marginTop={1} flexDirection="column">
        <DialogText nested={DIALOG_CHROME} text={plan} />
      </Box>
      <ChoiceList options={options} selected={selected} feedback={{ index: KEEP_PLANNING, prefix: ', and tell Pulse what to change: ', text: feedback }} />
      <DialogText dim text="enter to confirm · esc to stop the turn" />
    </Box>
  );
}
