export const ASK_USER_DESCRIPTION = 'Ask the user multiple-choice questions';

export const ASK_USER_PROMPT = `Ask the user one to four multiple-choice questions while you work, when their answer changes what you do: an ambiguous request, a choice between approaches, a preference you cannot infer from the code.

Give each question a short header (at most 12 characters) and 2-4 options, each with a label and a one-line description of what it means. The user can always pick "Other" and type their own answer, so do not add an "Other" option yourself. Put the option you recommend first and add "(Recommended)" to its label. Set multiSelect when several options can apply together.

Do not use it to ask for permission to run a tool, or to ask whether a plan is ready (in plan mode, present the plan with ExitPlanMode instead).`;
