// Asks whether a tool call may run. Arrow keys or 1-3 pick an answer, Enter confirms; on the
// third answer typing explains what to do instead, and that text goes back to the model.
import { Box, Text } from 'ink';
import { useFeedbackChoices } from '../hooks/useFeedbackChoices.js';
import type { PermissionPreview, PermissionRequest } from '../../state/store.js';
import { resultForChoice, type PermissionChoice } from '../format/permissionRequest.js';
import { DiffView } from './DiffView.js';
import { ChoiceList } from './ChoiceList.js';
import { DialogText } from './Guttered.js';

export type PermissionDialogProps = {
  request: PermissionRequest;
  /** Esc: the answer is "no" and the whole turn stops. */
  onCancel: () => void;
};

const ALLOW_ONCE = 0;
const ALLOW_ALWAYS = 1;
const DENY = 2;

export function PermissionDialog({ request, onCancel }: PermissionDialogProps) {
  const answer = (choice: PermissionChoice): void => request.resolve(resultForChoice(request, choice));
  const { selected, feedback } = useFeedbackChoices(
    3,
    (index, text) => {
      if (index === ALLOW_ONCE) answer({ kind: 'allow_once' });
      else if (index === ALLOW_ALWAYS) answer({ kind: 'allow_always' });
      else answer({ kind: 'deny', feedback: text });
    },
    () => {
      answer({ kind: 'cancel' });
      onCancel();
    },
  );

  const options = [
    'Yes',
    `Yes, and don't ask again for ${request.ruleSuggestion.label} ${request.ruleSuggestion.destination === 'localSettings' ? 'in this project' : 'this session'}`,
    'No, and tell Pulse what to do differently',
  ];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
      <DialogText bold color="yellow" text={`Allow ${request.title}?`} />
      {request.agentName !== undefined && <DialogText dim text={`Asked by the ${request.agentName} sub-agent`} />}
      <Preview preview={request.preview} />
      <ChoiceList options={options} selected={selected} feedback={{ index: DENY, prefix: ': ', text: feedback }} />
      <DialogText dim text="enter to confirm · esc to stop the turn" />
    </Box>
  );
}

/** Columns the dialog's round border and its padding take beside its contents. */
const DIALOG_INSET = 4;

function Preview({ preview }: { preview: PermissionPreview }) {
  switch (preview.kind) {
    case 'command':
      return (
        <Box borderStyle="single" borderColor="gray" paddingX={1}>
          <Text>{preview.command}</Text>
        </Box>
      );
    case 'diff':
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor>{preview.path}</Text>
          <DiffView hunks={preview.hunks} inset={DIALOG_INSET} />
        </Box>
      );
    case 'input':
      return <Text dimColor>{preview.text}</Text>;
  }
}
