// Asks whether a tool call may run. Arrow keys or the numbers pick an answer, Enter confirms; on
// the last answer typing explains what to do instead, and that text goes back to the model.
// On a screen too short for all of it, the preview (command, diff, input) is cut to the rows left
// and says how many it leaves out: the writer keeps a frame's bottom rows, so a whole preview
// pushed the question and the first choice, the one Enter confirms, off the screen.
import { Box, Text } from 'ink';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import type { PermissionPreview, PermissionRequest } from '../../state/store.js';
import { wrapBesideGutter } from '../format/answerRows.js';
import { resultForChoice, type PermissionChoice } from '../format/permissionRequest.js';
import { DiffView } from './DiffView.js';
import { CHOICE_GUTTER, ChoiceList } from './ChoiceList.js';
import { DIALOG_CHROME, DialogText } from './Guttered.js';

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
  const options = [
    'Yes',
    ...(remembered ? [`Yes, and don't ask again for ${remembered.label} ${remembered.destination === 'localSettings' ? 'in this project' : 'this session'}`] : []),
    'No, and tell Pulse what to do differently',
  ];
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
  const textRows = (text: string, gutter = 0): number => wrapBesideGutter([text], columns - DIALOG_CHROME - gutter).length;
  const besidePreview =
    FRAME_ROWS +
    textRows(title) +
    (asker === undefined ? 0 : textRows(asker)) +
    options.reduce((sum, option) => sum + textRows(option, CHOICE_GUTTER), 0) +
    textRows(HINT);
  const previewRows = useRows() - ROWS_KEPT_FOR_THE_FOOTER - besidePreview;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
      <DialogText bold color="yellow" text={title} />
      {asker !== undefined && <DialogText dim text={asker} />}
      <Preview preview={request.preview} maxRows={previewRows} columns={columns} />
      <ChoiceList options={options} selected={selected} feedback={{ index: DENY, prefix: ': ', text: feedback }} />
      <DialogText dim text={HINT} />
    </Box>
  );
}

const HINT = 'enter to confirm · esc to stop the turn';
/** The dialog's margin and round border, and the margin above the choices. */
const FRAME_ROWS = 4;
/** Under the dialog: the footer's line, and one more for it wrapped on a narrow screen. */
const ROWS_KEPT_FOR_THE_FOOTER = 2;
/** The fewest rows of a preview drawn even when the screen has no room for it. */
const LEAST_PREVIEW_ROWS = 1;
/** Columns the command's single border and its padding take inside the dialog. */
const COMMAND_CHROME = 4;

/** The first of `rows` that fit in `room` rows, a note of how many are left out taking one. */
function cut(rows: readonly string[], room: number): string[] {
  if (rows.length <= room) return [...rows];
  const kept = Math.max(LEAST_PREVIEW_ROWS, room - 1);
  return [...rows.slice(0, kept), `… ${rows.length - kept} more lines`];
}

type PreviewProps = { preview: PermissionPreview; maxRows: number; columns: number };

function Preview({ preview, maxRows, columns }: PreviewProps) {
  switch (preview.kind) {
    case 'command': {
      const rows = wrapBesideGutter([preview.command], columns - DIALOG_CHROME - COMMAND_CHROME);
      // The box's border takes two of the rows.
      return (
        <Box borderStyle="single" borderColor="gray" paddingX={1}>
          <Text wrap="truncate-end">{cut(rows, maxRows - 2).join('\n')}</Text>
        </Box>
      );
    }
    case 'diff':
      // The margin and the path take two of the rows.
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor>{preview.path}</Text>
          <DiffView hunks={preview.hunks} inset={DIALOG_CHROME} maxRows={Math.max(LEAST_PREVIEW_ROWS + 1, maxRows - 2)} />
        </Box>
      );
    case 'input':
      return <Text dimColor wrap="truncate-end">{cut(wrapBesideGutter([preview.text], columns - DIALOG_CHROME), maxRows).join('\n')}</Text>;
  }
}
