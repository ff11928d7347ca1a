// ExitPlanMode: in plan mode, the model presents its plan and asks to start. The question goes
// through the face's permission path: the REPL shows the plan for approval and switches the mode
// (back to the mode before planning, or acceptEdits); a rejection with feedback keeps plan mode
// and tells the model what to change. Print mode refuses it like any other question.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool } from '../Tool.js';

const inputSchema = lazySchema(() =>
  z.object({
    plan: z.string().min(1).describe('The plan to show the user for approval, in concise markdown'),
  }),
);

export type ExitPlanModeOutput = { plan: string; mode: string };

const PROMPT = `Call this in plan mode once you have finished exploring and have a plan ready to carry out. Pass the plan itself, in concise markdown: the steps, the files to change and how you will check the result. The user approves it (and you can start making changes) or rejects it with feedback (revise the plan and call this again).

Only use it for tasks that involve writing code. For research or questions, just answer. Do not use AskUserQuestion to ask whether the plan is good; that is what this tool is for.`;

export const ExitPlanModeTool = {
  name: 'ExitPlanMode',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 10_000,
  onlyInModes: ['plan'],
  description: () => 'Present a plan for approval and leave plan mode',
  prompt: () => PROMPT,
  isEnabled: () => true,
  // It changes nothing itself, so plan mode's read-only rule lets it through to the question.
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'ExitPlanMode',
  describeUse: () => 'plan ready for approval',
  checkPermissions: async (_input, ctx) => {
    if (ctx.getPermissionContext().mode !== 'plan') {
      return { behavior: 'deny', message: 'Not in plan mode: there is no plan to approve. Carry on with the task.' };
    }
    return { behavior: 'ask', message: 'Pulse has a plan and would like to start.' };
  },

  async *call(input, ctx) {
    return { data: { plan: input.plan, mode: ctx.getPermissionContext().mode } };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content:
      output.mode === 'plan'
        ? 'The plan was approved. Start carrying it out.'
        : `The user approved the plan and the permission mode is now ${output.mode}. Start carrying it out, and keep the todo list current if you use one.`,
  }),

  summarizeResult: () => 'Plan approved',
  documentResult: (output) => output.plan,
} satisfies Tool<ReturnType<typeof inputSchema>, ExitPlanModeOutput>;
