export const TODO_DESCRIPTION = 'Keep a visible checklist of the steps of the current task';

export const TODO_PROMPT = `Keep a checklist of the current task's steps that the user can watch. Each call replaces the whole list.

Use it for work with three or more distinct steps, for tasks the user gave as a list, and whenever new steps turn up on the way. Skip it for a single quick change or a plain question.

Each item has:
- content: the step, imperative ("Run the tests")
- activeForm: the same step as it reads while under way ("Running the tests")
- status: pending, in_progress or completed

Keep exactly one item in_progress while you work. Mark an item completed as soon as it is really done (tests pass, nothing left half-finished), not in batches at the end; if something blocks it, keep it in_progress and add an item for the blocker. Remove items that no longer apply.`;
