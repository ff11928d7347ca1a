// The hooks room's public surface.
export { HOOK_EVENTS, isHookEvent, type HookBaseInput, type HookEvent, type HookEventFields, type HookInput } from './events.js';
export {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  HooksSettingsSchema,
  toHooksConfig,
  type CommandHook,
  type HookMatcherGroup,
  type HooksConfig,
  type HooksSettings,
} from './config.js';
export { evaluateMatcher, type MatcherVerdict } from './matcher.js';
export { HookJSONOutputSchema, parseHookStdout, type HookJSONOutput, type PermissionRequestHookDecision } from './output.js';
export { runHooks, type HookCallbacks, type HookOutcome, type HookOutcomeKind, type RunHooksOptions } from './runner.js';
export type { CommonHookResult } from './fold.js';
export { foldPreToolUse, runPreToolUseHooks, type HookPermissionDecision, type PreToolUseHookResult } from './preToolUse.js';
export {
  runPostToolUseHooks,
  runStopHooks,
  runUserPromptSubmitHooks,
  type PostToolUseHookResult,
  type StopHookResult,
  type UserPromptSubmitHookResult,
} from './turnHooks.js';
export {
  runPermissionRequestHooks,
  runSessionStartHooks,
  runSimpleHooks,
  type PermissionRequestHookResult,
  type SessionStartHookResult,
  type SimpleHookEvent,
  type SimpleHookResult,
} from './sessionHooks.js';
export { createHookRunner, type HookCallSite, type HookRunner, type HookRunnerOptions } from './hookRunner.js';
