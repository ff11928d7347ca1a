// AskUserQuestion: up to four multiple-choice questions for the person at the keyboard. The
// tool always asks: the face's permission path shows the questions (the REPL dialog, the SDK's
// can_use_tool) and answers by allowing the call with `answers` added to its input. Where
// nobody can answer (print mode) the tool is left out of the pool.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ValidationResult } from '../Tool.js';
import { ASK_USER_DESCRIPTION, ASK_USER_PROMPT } from './prompt.js';

const optionSchema = lazySchema(() =>
  z.object({
    label: z.string().min(1).describe('The choice as shown, 1-5 words'),
    description: z.string().describe('What picking it means'),
  }),
);

const questionSchema = lazySchema(() =>
  z.object({
    question: z.string().min(1).describe('The full question, ending with a question mark'),
    header: z.string().min(1).describe('A very short label for the question, at most 12 characters: "Auth method"'),
    options: z.array(optionSchema()).min(2).max(4).describe('2-4 distinct choices; "Other" is added automatically'),
    multiSelect: z.boolean().default(false).describe('Let the user pick several options'),
  }),
);

const inputSchema = lazySchema(() =>
  z.object({
    questions: z.array(questionSchema()).min(1).max(4).describe('1-4 questions to ask'),
    answers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Filled in by Pulse with the answers, keyed by question text; leave it out'),
  }),
);

export type AskUserInput = z.infer<ReturnType<typeof inputSchema>>;
export type AskUserQuestion = z.infer<ReturnType<typeof questionSchema>>;
export type AskUserOutput = { questions: AskUserQuestion[]; answers: Record<string, string> };

/** The label people pick to type their own answer. */
export const OTHER_LABEL = 'Other';

function validateQuestions(input: AskUserInput): ValidationResult {
  const texts = input.questions.map((question) => question.question);
  if (new Set(texts).size !== texts.length) return { ok: false, message: 'Each question must be different.' };
  for (const question of input.questions) {
    const labels = question.options.map((option) => option.label);
    if (new Set(labels).size !== labels.length) {
      return { ok: false, message: `The options of "${question.question}" must have different labels.` };
    }
  }
  return { ok: true };
}

export function answersText(output: AskUserOutput): string {
  const lines = output.questions.map((question) => `- "${question.question}": ${output.answers[question.question] ?? '(no answer)'}`);
  return `The user answered:\n${lines.join('\n')}\nGo on with these answers in mind.`;
}

export const AskUserQuestionTool = {
  name: 'AskUserQuestion',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 20_000,
  requiresUserInteraction: true,
  description: () => ASK_USER_DESCRIPTION,
  prompt: () => ASK_USER_PROMPT,
  isEnabled: () => true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'AskUserQuestion',
  describeUse: (input) => input.questions?.map((question) => question.header).join(', ') ?? '',
  validateInput: async (input) => validateQuestions(input),
  checkPermissions: async () => ({ behavior: 'ask', message: 'Pulse has questions for you.' }),

  async *call(input) {
    const answers = input.answers ?? {};
    if (Object.keys(answers).length === 0) throw new Error('The questions were not answered.');
    return { data: { questions: input.questions, answers } };
  },

  toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: answersText(output) }),

  summarizeResult: (output) => Object.values(output.answers).join(' · '),
} satisfies Tool<ReturnType<typeof inputSchema>, AskUserOutput>;
