// Plan mode's last step: the plan, and whether to start. Approving switches the permission mode
// (auto-accept edits, or back to the mode before planning); "keep planning" sends the typed
// feedback to the model and stays in plan mode. Esc stops the turn. On a short screen the plan is
// cut to the rows the rest leaves, and the dialog turns compact when even that does not fit
// (format/dialogFit.ts), so the choice Enter confirms stays on screen.
import { Box, Text } from 'ink';
import type { PermissionRequest } from '../../state/store.js';
import type { PermissionMode } from '../../types/permissions.js';
import { planChoiceResult, type PlanChoice } from '../format/planApproval.js';
import { wrapBesideGutter } from '../format/answerRows.js';
import { BORDER_ROWS, cutRows, dialogBudget, fitDialog, FULL_FRAME_ROWS } from '../format/dialogFit.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import { ChoiceList, choiceListRows } from './ChoiceList.js';
import { DIALOG_CHROME, DialogText, dialogTextRows } from './Guttered.js';

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
  const columns = useColumns();
  const choices = { options, selected, feedback: { index: KEEP_PLANNING, prefix: ', and tell Pulse what to change: ', text: feedback } };
  const compactChoices = { ...choices, spaced: false, rowsEach: 1 };
  const fit = fitDialog({
    budget: dialogBudget(useRows()),
    fullChrome: FULL_FRAME_ROWS + dialogTextRows(TITLE, columns) + PLAN_BOX_ROWS + choiceListRows(choices, columns) + dialogTextRows(HINT, columns),
    compactChrome: BORDER_ROWS + 1 + choiceListRows(compactChoices, columns) + 1,
    body: planRows(plan, columns, true).length,
  });
  const oneRow = fit.compact ? 1 : undefined;
  const shownPlan = (
    <Text wrap="truncate-end">{cutRows(planRows(plan, columns, !fit.compact), fit.bodyRows).join('\n')}</Text>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={fit.compact ? 0 : 1}>
      <DialogText bold color="cyan" text={TITLE} maxRows={oneRow} />
      {fit.compact ? (
        fit.bodyRows > 0 && shownPlan
      ) : (
        <Box borderStyle="single" borderColor="gray" paddingX={1} marginTop={1} flexDirection="column">
          {shownPlan}
        </Box>
      )}
      <ChoiceList {...(fit.compact ? compactChoices : choices)} />
      <DialogText dim text={HINT} maxRows={oneRow} />
    </Box>
  );
}

const TITLE = "Ready to code? Here is Pulse's plan:";
const HINT = 'enter to confirm · esc to stop the turn';
/** The plan's own box in a full dialog: the margin above it and its border. */
const PLAN_BOX_ROWS = 3;

/** The plan's rows, wrapped inside its own box (`boxed`) or right inside the dialog's border. */
function planRows(plan: string, columns: number, boxed: boolean): string[] {
  return wrapBesideGutter([plan], columns - DIALOG_CHROME - (boxed ? DIALOG_CHROME : 0));
}
