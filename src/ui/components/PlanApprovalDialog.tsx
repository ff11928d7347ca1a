// Plan mode's last step: the plan, and whether to start. Approving switches the permission mode
// (auto-accept edits, or back to the mode before planning); "keep planning" sends the typed
// feedback to the model and stays in plan mode. Esc stops the turn.
import { Box, Text, useInput } from 'ink';
import type { PermissionRequest } from '../../state/store.js';
import type { PermissionMode } from '../../types/permissions.js';
import { planChoiceResult, type PlanChoice } from '../format/planApproval.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { ChoiceList } from './ChoiceList.js';

export type PlanApprovalDialogProps = {
  request: PermissionRequest;
  /** Switches the session's mode (permission context and footer) before the loop hears "yes". */
  setPermissionMode: (mode: PermissionMode) => void;
  onCancel: () => void;
};

const KEEP_PLANNING = 2;

export function PlanApprovalDialog({ request, setPermissionMode, onCancel }: PlanApprovalDialogProps) {
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const [feedback, setFeedback, feedbackRef] = useLatestState('');
  const restoreMode = request.restoreMode ?? 'default';
  const plan = typeof request.input.plan === 'string' ? request.input.plan : '';

  const answer = (choice: PlanChoice): void => {
    if (choice.kind === 'approve') setPermissionMode(choice.mode);
    request.resolve(planChoiceResult(choice));
  };
  const confirm = (index: number): void => {
    if (index === 0) answer({ kind: 'approve', mode: 'acceptEdits' });
    else if (index === 1) answer({ kind: 'approve', mode: restoreMode });
    else answer({ kind: 'keep_planning', feedback: feedbackRef.current });
  };

  useInput((input, key) => {
    if (key.escape) {
      answer({ kind: 'cancel' });
      onCancel();
      return;
    }
    const current = selectedRef.current;
    if (key.return) return confirm(current);
    if (key.upArrow) return setSelected((index) => Math.max(0, index - 1));
    if (key.downArrow || (key.tab && !key.shift)) return setSelected((index) => Math.min(KEEP_PLANNING, index + 1));
    if (current === KEEP_PLANNING) {
      if (key.backspace || key.delete) return setFeedback((text) => text.slice(0, -1));
      if (input && !key.ctrl && !key.meta) setFeedback((text) => text + input);
      return;
    }
    const number = Number(input);
    if (number >= 1 && number <= 3) {
      if (number - 1 === KEEP_PLANNING) return setSelected(() => KEEP_PLANNING);
      confirm(number - 1);
    }
  });

  const options = [
    'Yes, and auto-accept edits',
    `Yes, and approve edits manually (${restoreMode} mode)`,
    'No, keep planning',
  ];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <Text bold color="cyan">
        Ready to code? Here is Pulse&apos;s plan:
      </Text>
      <Box borderStyle="single" borderColor="gray" paddingX={1} marginTop={1}>
        <Text>{plan}</Text>
      </Box>
      <ChoiceList options={options} selected={selected} feedback={{ index: KEEP_PLANNING, prefix: ', and tell Pulse what to change: ', text: feedback }} />
      <Text dimColor>enter to confirm · esc to stop the turn</Text>
    </Box>
  );
}
