// Asks whether a tool call may run. Arrow keys or the numbers pick an answer, Enter confirms; on
// the last answer typing explains what to do instead, and that text goes back to the model.
// On a screen too short for all of it, the preview (command, diff, input) is cut to the rows left
// and says how many it leaves out, and when even the question, the wrapped choices and the hint
// do not fit, the dialog turns compact (format/dialogFit.ts): the writer keeps a frame's bottom
// rows, so a dialog taller than the screen lost the question and the first choice, the one Enter
// confirms. Compact choices say the same in fewer words, wrapped whole beside their numbers.
import { Box, Text } from 'ink';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import type { PermissionPreview, PermissionRequest } from '../../state/store.js';
import { wrapBesideGutter } from '../format/answerRows.js';
import { resultForChoice, type PermissionChoice } from '../format/permissionRequest.js';
import { BORDER_ROWS, cutRows, dialogBudget, fitDialog, FULL_FRAME_ROWS, moreLines } from '../format/dialogFit.js';
import { DiffView, diffHeight } from './DiffView.js';
import { ChoiceList, choiceListRows, compactChoiceList } from './ChoiceList.js';
import { capRows, DIALOG_CHROME, DialogText, dialogTextRows } from './Guttered.js';

export type PermissionDialogProps = {
  request: PermissionRequest;
  /** Esc: the answer is "no" and the whole turn stops. */
  onCancel: () => void;
};

const ALLOW_ONCE = 0;
const ALLOW_ALWAYS = 1;

export function PermissionDialog({ request, onCancel }: PermissionDialogProps) {
  const answer = (choice: PermissionChoice): void => request.resolve(resultForChoice(request, choice));
  const remembered = request.ruleSuggestion;
  // Without a rule that is safe to keep, the choices are only "Yes" (this once) and "No".
  const inProject = remembered?.destination === 'localSettings';
  const options = [
    'Yes',
    ...(remembered ? [`Yes, and don't ask again for ${remembered.label} ${inProject ? 'in this project' : 'this session'}`] : []),
    'No, and tell Pulse what to do differently',
  ];
  const shortOptions = ['Yes', ...(remembered ? [`Yes, always: ${remembered.label} (${inProject ? 'project' : 'session'})`] : []), 'No, say what instead'];
  const DENY = options.length - 1;
  const { selected, feedback } = useFeedbackChoices(
    options.length,
    (index, text) => {
      if (index === ALLOW_ONCE) answer({ kind: 'allow_once' });
      else if (index === DENY) answer({ kind: 'deny', feedback: text });
      else if (index === ALLOW_ALWAYS) answer({ kind: 'allow_always' });
    },
    () => {
      answer({ kind: 'cancel' });
      onCancel();
    },
  );
  const title = `Allow ${request.title}?`;
  const asker = request.agentName === undefined ? undefined : `Asked by the ${request.agentName} sub-agent`;
  const columns = useColumns();
  const choices = { options, selected, feedback: { index: DENY, prefix: ': ', text: feedback } };
  const budget = dialogBudget(useRows());
  const compactFixed = BORDER_ROWS + 1 + dialogTextRows(asker, columns, 1) + 1;
  const compactChoices = compactChoiceList({ ...choices, options: shortOptions }, budget - compactFixed, columns);
  const fit = fitDialog({
    budget,
    fullChrome:
      FULL_FRAME_ROWS +
      dialogTextRows(title, columns) +
      dialogTextRows(asker, columns) +
      previewChrome(request.preview) +
      choiceListRows(choices, columns) +
      dialogTextRows(HINT, columns),
    compactChrome: compactFixed + choiceListRows(compactChoices, columns),
    body: previewBody(request.preview, columns),
  });
  const oneRow = fit.compact ? 1 : undefined;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={fit.compact ? 0 : 1}>
      <DialogText bold color="yellow" text={title} maxRows={oneRow} />
      {asker !== undefined && <DialogText dim text={asker} maxRows={oneRow} />}
      <Preview preview={request.preview} rows={fit.bodyRows} columns={columns} compact={fit.compact} />
      <ChoiceList {...(fit.compact ? compactChoices : choices)} />
      <DialogText dim text={HINT} maxRows={oneRow} />
    </Box>
  );
}

const HINT = 'enter to confirm · esc to stop the turn';
/** Columns the command's single border and its padding take inside the dialog. */
const COMMAND_CHROME = 4;

function commandRows(command: string, columns: number, boxed: boolean): string[] {
  return wrapBesideGutter([command], columns - DIALOG_CHROME - (boxed ? COMMAND_CHROME : 0));
}

/** Rows a full preview takes besides its body: the command's box, or the margin above a diff. */
function previewChrome(preview: PermissionPreview): number {
  if (preview.kind === 'command') return 2;
  return preview.kind === 'diff' ? 1 : 0;
}

/** Rows the preview's body takes whole in a full dialog (a diff's: its path's row and the diff). */
function previewBody(preview: PermissionPreview, columns: number): number {
  if (preview.kind === 'command') return commandRows(preview.command, columns, true).length;
  if (preview.kind === 'diff') return 1 + diffHeight(preview.hunks, columns, DIALOG_CHROME);
  return wrapBesideGutter([preview.text], columns - DIALOG_CHROME).length;
}

type PreviewProps = { preview: PermissionPreview; rows: number; columns: number; compact: boolean };

/** The preview in its `rows`; compact, without the command's box or the margin above a diff. */
function Preview({ preview, rows, columns, compact }: PreviewProps) {
  switch (preview.kind) {
    case 'command': {
      const command = <Rows rows={cutRows(commandRows(preview.command, columns, !compact), rows)} />;
      if (compact) return command;
      return (
        <Box borderStyle="single" borderColor="gray" paddingX={1}>
          {command}
        </Box>
      );
    }
    case 'diff':
      // The file's path in one row, the diff in the rest. A single row says how much of the diff
      // is not shown: the title already names the file.
      if (rows === 1) return <Rows rows={[moreLines(diffHeight(preview.hunks, columns, DIALOG_CHROME))]} dim />;
      return (
        <Box flexDirection="column" marginTop={compact ? 0 : 1}>
          <Rows rows={rows > 0 ? capRows([preview.path], 1, columns - DIALOG_CHROME) : []} dim />
          {rows > 1 && <DiffView hunks={preview.hunks} inset={DIALOG_CHROME} maxRows={rows - 1} />}
        </Box>
      );
    case 'input':
      return <Rows rows={cutRows(wrapBesideGutter([preview.text], columns - DIALOG_CHROME), rows)} dim />;
  }
}

/** Rows already fitted to the dialog's width and height; none draws nothing. */
function Rows({ rows, dim }: { rows: readonly string[]; dim?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <Text dimColor={dim} wrap="truncate-end">
      {rows.join('\n')}
    </Text>
  );
}
