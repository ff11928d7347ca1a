// AskUserQuestion's dialog: one question at a time, its options plus "Other" (type an answer).
// Arrows move, Enter picks (Space toggles options when several may be picked), Esc stops the turn.
// On a short screen it fits with format/dialogFit.ts like the approval dialogs: the question is the
// body cut to the rows left, and compact mode drops the header and gives each choice the rows its
// label takes (its description cut after it), so the question and the option Enter confirms stay
// on screen, and typed text too long for the rows shows its end.
import { Box, useInput } from 'ink';
import type { PermissionRequest } from '../../state/store.js';
import { answeredResult, QUESTIONS_CANCELLED, questionsOf } from '../format/questions.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { ansi } from '../markdown/ansi.js';
import { BORDER_ROWS, dialogBudget, fitDialog, FULL_FRAME_ROWS } from '../format/dialogFit.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { ChoiceList, choiceListRows } from './ChoiceList.js';
import { DialogText, dialogTextRows } from './Guttered.js';

export type QuestionDialogProps = { request: PermissionRequest; onCancel: () => void };

type DialogState = { index: number; selected: number; toggled: number[]; other: string; answers: Record<string, string> };

const START: DialogState = { index: 0, selected: 0, toggled: [], other: '', answers: {} };

export function QuestionDialog({ request, onCancel }: QuestionDialogProps) {
  const questions = questionsOf(request.input);
  const [state, setState, stateRef] = useLatestState<DialogState>(START);

  const answerCurrent = (current: DialogState): void => {
    const question = questions[current.index];
    if (!question) return;
    const otherIndex = question.options.length;
    const picked = question.multiSelect && current.toggled.length > 0 ? current.toggled : [current.selected];
    const labels = picked
      .sort((a, b) => a - b)
      .map((index) => (index === otherIndex ? current.other.trim() : question.options[index]?.label ?? ''))
      .filter((label) => label !== '');
    if (labels.length === 0) return;
    const answers = { ...current.answers, [question.question]: labels.join(', ') };
    if (current.index + 1 >= questions.length) {
      request.resolve(answeredResult(request.input, answers));
      return;
    }
    setState(() => ({ ...START, index: current.index + 1, answers }));
  };

  useInput((input, key) => {
    if (key.escape) {
      request.resolve(QUESTIONS_CANCELLED);
      onCancel();
      return;
    }
    const current = stateRef.current;
    const question = questions[current.index];
    if (!question) return;
    const otherIndex = question.options.length;
    if (key.return) return answerCurrent(current);
    if (key.upArrow) return setState((s) => ({ ...s, selected: Math.max(0, s.selected - 1) }));
    if (key.downArrow || (key.tab && !key.shift)) return setState((s) => ({ ...s, selected: Math.min(otherIndex, s.selected + 1) }));
    if (current.selected === otherIndex) {
      if (key.backspace || key.delete) return setState((s) => ({ ...s, other: s.other.slice(0, -1) }));
      if (input && !key.ctrl && !key.meta) setState((s) => ({ ...s, other: s.other + input }));
      return;
    }
    if (input === ' ' && question.multiSelect) {
      return setState((s) => ({
        ...s,
        toggled: s.toggled.includes(s.selected) ? s.toggled.filter((i) => i !== s.selected) : [...s.toggled, s.selected],
      }));
    }
    const number = Number(input);
    if (Number.isInteger(number) && number >= 1 && number <= otherIndex + 1) {
      setState((s) => ({ ...s, selected: number - 1 }));
      if (!question.multiSelect && number - 1 < otherIndex) answerCurrent({ ...current, selected: number - 1 });
    }
  });

  const columns = useColumns();
  const screenRows = useRows();
  const question = questions[state.index];
  if (!question) return null;
  const otherIndex = question.options.length;
  const labels = [
    ...question.options.map((option, index) => `${question.multiSelect ? (state.toggled.includes(index) ? '[x] ' : '[ ] ') : ''}${option.label}`),
    'Other',
  ];
  const options = labels.map((label, index) => {
    const description = question.options[index]?.description;
    return description ? `${label}${ansi.dim(` — ${description}`)}` : label;
  });
  const header = `${question.header ? `${question.header} · ` : ''}question ${state.index + 1} of ${questions.length}`;
  const hint = `enter to answer${question.multiSelect ? ' · space to pick several' : ''} · esc to stop the turn`;
  const choices = { options, selected: state.selected, feedback: { index: otherIndex, prefix: ': ', text: state.other } };
  const budget = dialogBudget(screenRows);
  const fit = fitDialog({
    budget,
    fullChrome: FULL_FRAME_ROWS + dialogTextRows(header, columns) + choiceListRows(choices, columns) + dialogTextRows(hint, columns),
    compactChrome: BORDER_ROWS + 1 + 1 + 1,
    body: dialogTextRows(question.question, columns),
  });
  if (!fit.compact) {
    return (
      <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} marginTop={1}>
        <DialogText dim text={header} />
        <DialogText bold text={question.question} maxRows={fit.bodyRows} />
        <ChoiceList {...choices} />
        <DialogText dim text={hint} />
      </Box>
    );
  }
  // Compact: the question in one row (more when the choices leave room), each choice its label's
  // rows in a window following the highlight, the hint one row; the header is what gives way.
  const compactChoices = { ...choices, spaced: false, rowsEach: 1, whole: labels };
  const questionRows = Math.max(1, Math.min(dialogTextRows(question.question, columns), budget - BORDER_ROWS - 1 - choiceListRows(compactChoices, columns)));
  const choiceRows = Math.max(1, budget - BORDER_ROWS - 1 - questionRows);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1}>
      <DialogText bold text={question.question} maxRows={questionRows} />
      <ChoiceList {...compactChoices} maxRows={choiceRows} />
      <DialogText dim text={hint} maxRows={1} />
    </Box>
  );
}
