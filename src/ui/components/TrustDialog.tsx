// The workspace-trust question, shown on its own before the REPL starts in a folder nobody has
// trusted yet: nothing from the folder has run while it is on screen. It lists what the folder
// would run (hooks, credential helpers, MCP servers, …) so the answer is an informed one.
import { Box, render, useInput } from 'ink';
import { useRef } from 'react';
import type { TrustFinding } from '../../bootstrap/trustFindings.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { ansi } from '../markdown/ansi.js';
import { ChoiceList } from './ChoiceList.js';
import { DIALOG_CHROME, DialogText, Guttered } from './Guttered.js';

export type TrustAnswer = 'trust' | 'leave';

export type TrustDialogProps = {
  folder: string;
  findings: readonly TrustFinding[];
  /** The home folder: a yes lasts for this session only. */
  sessionOnly: boolean;
  onAnswer: (answer: TrustAnswer) => void;
};

// Leaving comes first and is where the cursor starts: a reflexive enter must not trust a folder.
const OPTIONS = ['No, exit', 'Yes, I trust this folder'];
const LEAVE = 0;
const TRUST = 1;

export function TrustDialog({ folder, findings, sessionOnly, onAnswer }: TrustDialogProps) {
  // Refs, not the render's state: keys typed quickly arrive before React re-renders the handler.
  const [selected, setSelected, selectedRef] = useLatestState(LEAVE);
  const answered = useRef(false);
  const answer = (choice: TrustAnswer): void => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(choice);
  };
  useInput((input, key) => {
    if (key.escape || (key.ctrl && (input === 'c' || input === 'd'))) return answer('leave');
    if (key.upArrow) return setSelected(() => LEAVE);
    if (key.downArrow || key.tab) return setSelected(() => TRUST);
    if (key.return) return answer(selectedRef.current === TRUST ? 'trust' : 'leave');
    if (input === '1') answer('leave');
    if (input === '2') answer('trust');
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <DialogText bold color="yellow" text="Do you trust the files in this folder?" />
      <DialogText text={folder} />
      <Box marginTop={1}>
        <DialogText
          text={
            'Pulse will read, change and run files here, and the folder may set up commands that run without asking. ' +
            'Nothing from it has run yet. If you did not write it or do not know where it came from, look through it first.'
          }
        />
      </Box>
      {findings.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <DialogText text="Trusting it lets these run:" />
          {findings.map((finding) => (
            <Guttered
              key={`${finding.what}@${finding.where}`}
              mark="  •"
              gutter={4}
              inset={DIALOG_CHROME}
              lines={[`${finding.what} ${ansi.dim(`from ${finding.where}`)}`]}
            />
          ))}
        </Box>
      )}
      {sessionOnly && (
        <Box marginTop={1}>
          <DialogText text="This is your home folder, so a yes holds for this session only." />
        </Box>
      )}
      <ChoiceList options={OPTIONS} selected={selected} />
      <DialogText dim text="enter to confirm · esc to exit" />
    </Box>
  );
}

export type TrustPromptOptions = Omit<TrustDialogProps, 'onAnswer'> & {
  /** Test seams: Ink's real stdin/stdout by default. */
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
};

/** Shows the question in a short-lived Ink instance and resolves with the answer. */
export async function askWorkspaceTrust(options: TrustPromptOptions): Promise<TrustAnswer> {
  const { stdin, stdout, ...props } = options;
  let result: TrustAnswer = 'leave';
  const onAnswer = (answer: TrustAnswer): void => {
    result = answer;
    // Called from an input handler: unmount once React has finished this commit.
    setImmediate(() => instance.unmount());
  };
  const instance = render(<TrustDialog {...props} onAnswer={onAnswer} />, {
    exitOnCtrlC: false,
    ...(stdin ? { stdin } : {}),
    ...(stdout ? { stdout, patchConsole: false } : {}),
  });
  await instance.waitUntilExit();
  return result;
}
