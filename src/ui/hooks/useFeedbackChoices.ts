// The keys of a dialog whose numbered choices end with one that takes typed text (the "no, and
// say what to do instead" answer): arrows, Tab and 1-N move or pick, Enter confirms, typing on
// the last choice writes the text, Esc cancels.
import { useInput } from 'ink';
import { useLatestState } from './useLatestState.js';

export type FeedbackChoices = { selected: number; feedback: string };

export function useFeedbackChoices(count: number, onConfirm: (index: number, feedback: string) => void, onEscape: () => void): FeedbackChoices {
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const [feedback, setFeedback, feedbackRef] = useLatestState('');
  const last = count - 1;
  const confirm = (index: number): void => onConfirm(index, feedbackRef.current);

  useInput((input, key) => {
    if (key.escape) return onEscape();
    const current = selectedRef.current;
    if (key.return) return confirm(current);
    if (key.upArrow) return setSelected((index) => Math.max(0, index - 1));
    if (key.downArrow || (key.tab && !key.shift)) return setSelected((index) => Math.min(last, index + 1));
    if (current === last) {
      if (key.backspace || key.delete) return setFeedback((text) => text.slice(0, -1));
      if (input && !key.ctrl && !key.meta) setFeedback((text) => text + input);
      return;
    }
    const number = Number(input);
    if (number >= 1 && number <= count) {
      // Picking the last choice by its number only moves there: it still wants its text.
      if (number - 1 === last) return setSelected(() => last);
      confirm(number - 1);
    }
  });
  return { selected, feedback };
}
