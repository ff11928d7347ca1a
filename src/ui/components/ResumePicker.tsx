// The list of earlier conversations for --resume without an id and /resume: when each was last
// touched, what it began with and how long it is. Typing filters by prompt or id; Up/Down move,
// Enter continues the chosen one, Esc closes the list.
import { Box, useInput } from 'ink';
import { useLatestState } from '../hooks/useLatestState.js';
import { ansi } from '../markdown/ansi.js';
import type { ResumeChoice } from '../types.js';
import { DIALOG_CHROME, DialogLabelled, DialogText, Guttered } from './Guttered.js';

export const PICKER_ROWS = 10;

export type ResumePickerProps = {
  choices: readonly ResumeChoice[];
  onPick: (sessionId: string) => void;
  onCancel: () => void;
  /** Test seam for the "when" column. */
  now?: number;
};

export function filterChoices(choices: readonly ResumeChoice[], filter: string): ResumeChoice[] {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return [...choices];
  return choices.filter(
    (choice) => (choice.firstPrompt ?? '').toLowerCase().includes(wanted) || choice.sessionId.toLowerCase().startsWith(wanted),
  );
}

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
export function whenText(modified: Date, now: number): string {
  const minutes = Math.floor((now - modified.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return modified.toISOString().slice(0, 10);
}

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(index, length - 1));
}

export function ResumePicker({ choices, onPick, onCancel, now = Date.now() }: ResumePickerProps) {
  // Keys can arrive before the next render swaps in a fresh handler, so it reads the refs.
  const [filter, setFilter, filterRef] = useLatestState('');
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const shown = filterChoices(choices, filter);
  const index = clampIndex(selected, shown.length);

  useInput((input, key) => {
    const current = filterChoices(choices, filterRef.current);
    const at = clampIndex(selectedRef.current, current.length);
    if (key.escape) return onCancel();
    if (key.return) {
      const choice = current[at];
      if (choice) onPick(choice.sessionId);
      return;
    }
    if (key.upArrow) return setSelected(() => Math.max(0, at - 1));
    if (key.downArrow) return setSelected(() => clampIndex(at + 1, current.length));
    if (key.backspace || key.delete) {
      setFilter((text) => text.slice(0, -1));
      return setSelected(() => 0);
    }
    if (input && !key.ctrl && !key.meta && !key.tab) {
      setFilter((text) => text + input);
      setSelected(() => 0);
    }
  });

  const start = Math.max(0, Math.min(index - Math.floor(PICKER_ROWS / 2), shown.length - PICKER_ROWS));
  const visible = shown.slice(start, start + PICKER_ROWS);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <DialogText bold text="Resume a conversation" />
      <DialogLabelled label="Search:" markDim text={`${filter}${ansi.inverse('\u00A0')}`} />
      {choices.length === 0 && <DialogText dim text="No earlier conversations in this directory." />}
      {choices.length > 0 && shown.length === 0 && <DialogText dim text={`Nothing matches "${filter}".`} />}
      {visible.map((choice, offset) => {
        const active = start + offset === index;
        // A long first prompt wraps under the "when" column and stops at two rows, so ten
        // entries still fit a short terminal.
        return (
          <Guttered
            key={choice.sessionId}
            mark={active ? '❯' : ' '}
            markColor={active ? 'cyan' : undefined}
            color={active ? 'cyan' : undefined}
            gutter={2}
            inset={DIALOG_CHROME}
            maxRows={2}
            lines={[`${whenText(choice.modified, now).padEnd(11)}${ansi.dim(`${choice.messageCount} msgs`.padEnd(10))}${choice.firstPrompt ?? '(no prompt)'}`]}
          />
        );
      })}
      <DialogText dim text="↑/↓ choose · Enter resume · Esc cancel · type to search" />
    </Box>
  );
}
