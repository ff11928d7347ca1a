// Whether auto mode may be used in a session, and the Shift+Tab cycle that follows, as the
// reference gates them: managed or user settings can turn auto mode off (`permissions.
// disableAutoMode: "disable"`); it joins the cycle only when asked for (`--enable-auto-mode`,
// starting in it, or a `defaultMode` of "auto"), and bypassPermissions only when the session
// could start in it.
import type { AutoModeSession, PermissionMode } from '../../types/permissions.js';

export type ModeGateInputs = {
  startingMode: PermissionMode;
  /** `--enable-auto-mode`. */
  enableAutoMode: boolean;
  /** From settings that may set it (a project's own files may not start auto mode). */
  settingsDefaultMode?: PermissionMode;
  autoModeDisabled: boolean;
  /** `--dangerously-skip-permissions` or `--allow-dangerously-skip-permissions`. */
  bypassAllowed: boolean;
  bypassDisabled: boolean;
};

export const AUTO_MODE_DISABLED_MESSAGE =
  'auto mode is turned off by permissions.disableAutoMode in settings; choose another --permission-mode';

export function newAutoModeSession(reviewerModel: string): AutoModeSession {
  return { reviewerModel, blocks: { consecutive: 0, total: 0 }, requests: new Map() };
}

/** default → acceptEdits → plan → bypassPermissions (if available) → auto (if asked for) → default. */
export function permissionModeCycle(inputs: ModeGateInputs): PermissionMode[] {
  const cycle: PermissionMode[] = ['default', 'acceptEdits', 'plan'];
  const bypass = !inputs.bypassDisabled && (inputs.bypassAllowed || inputs.startingMode === 'bypassPermissions');
  if (bypass) cycle.push('bypassPermissions');
  const auto = inputs.enableAutoMode || inputs.startingMode === 'auto' || inputs.settingsDefaultMode === 'auto';
  if (auto && !inputs.autoModeDisabled) cycle.push('auto');
  return cycle;
}
