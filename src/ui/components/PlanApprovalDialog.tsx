// Plan mode's last step: the plan, and whether to start. Approving switches the permission mode
// (auto-accept edits, or back to the mode before planning); "keep planning" sends the typed
// feedback to the model and stays in plan mode. Esc stops the turn. The plan is what is approved,
// so on a screen too short for it the plan scrolls (PgUp/PgDn, Home/End) in the rows the rest
// leaves, a row saying which lines are shown, rather than being cut; the dialog turns compact when
// even that does not fit (format/dialogFit.ts), so the choice Enter confirms stays on screen.
// Enter is not held back until the end has been shown: the position row says there is more, and
// a person who has read the plan elsewhere (or wants to stop it) is not made to page through it.
import { Box, Text, useInput } from 'ink';
import { useRef } from 'react';
import type { PermissionRequest } from '../../state/store.js';
import type { PermissionMode } from '../../types/permissions.js';
import { planChoiceResult, type PlanChoice } from '../format/planApproval.js';
import { wrapBesideGutter } from '../format/answerRows.js';
import { BORDER_ROWS, dialogBudget, fitDialog, FULL_FRAME_ROWS, scrollBody } from '../format/dialogFit.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { ChoiceList, choiceListRows, compactChoiceList, selectedShownWhole, type ChoiceListProps } from './ChoiceList.js';
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
  const shortOptions = ['Yes, auto-accept edits', `Yes, approve edits (${restoreMode})`, 'No, keep planning'];
  const columns = useColumns();
  const budget = dialogBudget(useRows());
  const choices = { options, selected, feedback: { index: KEEP_PLANNING, prefix: ', and tell Pulse what to change: ', text: feedback } };
  const compactChoices = { ...choices, options: shortOptions, feedback: { ...choices.feedback, prefix: ': ' } };
  const compact = compactLayout(compactChoices, budget - BORDER_ROWS, columns, planRows(plan, columns, false).rows.length);
  const fit = fitDialog({
    budget,
    fullChrome: FULL_FRAME_ROWS + dialogTextRows(TITLE, columns) + PLAN_BOX_ROWS + choiceListRows(choices, columns) + dialogTextRows(HINT, columns),
    compactChrome: BORDER_ROWS + Number(compact.title) + Number(compact.hint) + choiceListRows(compact.choices, columns),
    body: planRows(plan, columns, true).rows.length,
  });
  const { rows, lines } = planRows(plan, columns, !fit.compact);
  const [top, setTop] = useLatestState(0);
  const scroll = scrollBody(lines, top, fit.bodyRows, columns - DIALOG_CHROME - (fit.compact ? 0 : DIALOG_CHROME));
  // Keys can come before the handler of the latest frame is in: they page with the window as drawn.
  const drawn = useRef({ page: scroll.page, total: rows.length });
  drawn.current = { page: scroll.page, total: rows.length };
  useInput((_, key) => {
    const { page, total } = drawn.current;
    const last = Math.max(0, total - page);
    const move = (to: (from: number) => number): void => setTop((from) => Math.min(last, Math.max(0, to(Math.min(last, from)))));
    if (key.pageDown) move((from) => from + page);
    else if (key.pageUp) move((from) => from - page);
    else if (key.home) move(() => 0);
    else if (key.end) move(() => last);
  });

  const oneRow = fit.compact ? 1 : undefined;
  const shownPlan = (
    <>
      <Text wrap="truncate-end">{rows.slice(scroll.start, scroll.end).join('\n')}</Text>
      {scroll.position !== undefined && (
        <Text dimColor wrap="truncate-end">
          {scroll.position}
        </Text>
      )}
    </>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={fit.compact ? 0 : 1}>
      {(!fit.compact || compact.title) && <DialogText bold color="cyan" text={TITLE} maxRows={oneRow} />}
      {fit.compact ? (
        fit.bodyRows > 0 && shownPlan
      ) : (
        <Box borderStyle="single" borderColor="gray" paddingX={1} marginTop={1} flexDirection="column">
          {shownPlan}
        </Box>
      )}
      <ChoiceList {...(fit.compact ? compact.choices : choices)} />
      {(!fit.compact || compact.hint) && <DialogText dim text={HINT} maxRows={oneRow} />}
    </Box>
  );
}

const TITLE = "Ready to code? Here is Pulse's plan:";
const HINT = 'enter to confirm · esc to stop the turn';
/** The plan's own box in a full dialog: the margin above it and its border. */
const PLAN_BOX_ROWS = 3;

/** Rows a compact plan keeps when the rest can give them up: a row of the plan and where it is. */
const MIN_PLAN_ROWS = 2;

/** What a compact dialog shows besides the plan: the title and the hint (a row each when shown) and its choices. */
type CompactLayout = { title: boolean; hint: boolean; choices: ChoiceListProps };

/** The compact layouts in the order they are tried (compactLayout says why). */
const LAYOUTS = [
  { title: true, hint: true, window: false, countHidden: true },
  { title: true, hint: false, window: false, countHidden: true },
  { title: true, hint: true, window: true, countHidden: true },
  { title: true, hint: false, window: true, countHidden: true },
  { title: false, hint: false, window: true, countHidden: true },
  { title: false, hint: false, window: true, countHidden: false },
] as const;

/**
 * The parts beside the plan in a compact dialog's `room` rows, in the order they give way. What
 * is approved is the plan, so it keeps a row and its position (the scroll keys) while anything
 * else can go: first the hint (Enter and Esc do here what they do in every dialog), then the
 * choices but the highlighted one (a row counts them; ↑/↓ bring them), then the title (the plan
 * and the choice say what is asked), last that count row. The highlighted choice, what Enter
 * confirms, stays whole in every layout; with no room even for that, the choices take the rows.
 */
function compactLayout(choices: ChoiceListProps, room: number, columns: number, planLength: number): CompactLayout {
  const planRoom = Math.min(planLength, MIN_PLAN_ROWS);
  for (const { title, hint, window, countHidden } of LAYOUTS) {
    const left = room - planRoom - Number(title) - Number(hint);
    const shown = window ? compactChoiceList({ ...choices, countHidden }, left, columns) : { ...choices, spaced: false };
    if (choiceListRows(shown, columns) <= left && selectedShownWhole(shown, columns)) return { title, hint, choices: shown };
  }
  return { title: true, hint: true, choices: compactChoiceList(choices, room - 2, columns) };
}

/** The plan's rows, wrapped inside its own box (`boxed`) or right inside the dialog's border, and the line of the plan each belongs to. */
function planRows(plan: string, columns: number, boxed: boolean): { rows: string[]; lines: number[] } {
  const wrapped = plan.split('\n').map((line) => wrapBesideGutter([line], columns - DIALOG_CHROME - (boxed ? DIALOG_CHROME : 0)));
  return { rows: wrapped.flat(), lines: wrapped.flatMap((rows, line) => rows.map(() => line)) };
}
