// What the model is told when plan mode refuses a call. Its own file because both the resolution
// chain and the Bash engine say it, and the engine loads only when a Bash call is checked.
export const PLAN_MODE_MESSAGE =
  'Plan mode only allows read-only actions, so this call was refused. Finish exploring and present the plan instead.';
