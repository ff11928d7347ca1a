// AskUserQuestion's input as the question dialog needs it, and the answer it sends back: the
// call allowed, with the answers added to its input (what the SDK's can_use_tool host does too).
import type { PermissionResult } from '../../types/permissions.js';

export type QuestionOption = { label: string; description: string };
export type DialogQuestion = { question: string; header: string; options: QuestionOption[]; multiSelect: boolean };

function isOption(value: unknown): value is QuestionOption {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.label === 'string';
}

/** The questions of a validated AskUserQuestion input; anything malformed is left out. */
export function questionsOf(input: Record<string, unknown>): DialogQuestion[] {
  const questions = Array.isArray(input.questions) ? input.questions : [];
  return questions.flatMap((value: unknown) => {
    if (typeof value !== 'object' || value === null) return [];
    const record = value as Record<string, unknown>;
    if (typeof record.question !== 'string' || !Array.isArray(record.options)) return [];
    const options = record.options.filter(isOption).map((option) => ({
      label: option.label,
      description: typeof option.description === 'string' ? option.description : '',
    }));
    return [
      {
        question: record.question,
        header: typeof record.header === 'string' ? record.header : '',
        options,
        multiSelect: record.multiSelect === true,
      },
    ];
  });
}

export function answeredResult(input: Record<string, unknown>, answers: Record<string, string>): PermissionResult {
  return { behavior: 'allow', updatedInput: { ...input, answers } };
}

export const QUESTIONS_CANCELLED: PermissionResult = {
  behavior: 'deny',
  message: 'The user closed the questions without answering and stopped the turn. Wait for their next message.',
  interrupt: true,
};
