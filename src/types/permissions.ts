// Permission vocabulary shared by tools, the permission engine, hooks and every face.
import type { SandboxPolicy } from './sandbox.js';

export const PERMISSION_MODES = [
  'default',
  'acceptEdits',
  'plan',
  'dontAsk',
  'bypassPermissions',
  'bubble',
  /** Calls the rules leave undecided go to a reviewing model instead of the person. */
  'auto',
] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/** Where a rule came from; decides which settings file "don't ask again" writes to. */
export type RuleSource =
  | 'userSettings'
  | 'projectSettings'
  | 'localSettings'
  | 'flagSettings'
  | 'policySettings'
  | 'cliArg'
  | 'command'
  | 'session';

/** `Bash(npm test:*)` parses to `{ toolName: 'Bash', ruleContent: 'npm test:*' }`. */
export type RuleValue = { toolName: string; ruleContent?: string };

export type PermissionRule = RuleValue & {
  behavior: PermissionBehavior;
  source: RuleSource;
};

export type ToolPermissionContext = {
  mode: PermissionMode;
  /** Mode to restore when leaving plan mode. */
  prePlanMode?: PermissionMode;
  rules: PermissionRule[];
  /** Absolute, symlink-resolved directories file tools may touch without asking (cwd first). */
  workingDirectories: string[];
  /** The Bash sandbox, when settings turn it on (`sandbox.enabled`). */
  sandbox?: SandboxPolicy;
  /** Present when auto mode may be used in this session (its gate passed). */
  autoMode?: AutoModeSession;
};

/** What auto mode keeps for a session; every copy of the permission context shares it. */
export type AutoModeSession = {
  /** The model that reviews calls (the small fast model). */
  reviewerModel: string;
  /** The reviewer's blocks: in a row (reset by any allow) and in all; too many and Pulse asks instead. */
  blocks: { consecutive: number; total: number };
  /** The user's requests seen so far by message id, so that compaction does not lose them. */
  requests: Map<string, string>;
};

/** What auto mode's reviewer said about one call, for the transcript and `permissions explain`. */
export type AutoModeReview = {
  verdict: 'allow' | 'block' | 'unavailable' | 'paused';
  reason: string;
  model: string;
};

export type PermissionUpdate =
  | { type: 'addRules'; rules: RuleValue[]; behavior: PermissionBehavior; destination: RuleSource }
  /** Drops the rules with this behaviour that came from `destination` (`/permissions remove`). */
  | { type: 'removeRules'; rules: RuleValue[]; behavior: PermissionBehavior; destination: RuleSource }
  | { type: 'setMode'; mode: PermissionMode; destination: RuleSource }
  | { type: 'addDirectories'; directories: string[]; destination: RuleSource };

/** What a tool's own check, or the whole resolution chain, decided. */
export type PermissionDecision =
  | { behavior: 'allow'; updatedInput?: Record<string, unknown>; reason?: string; review?: AutoModeReview }
  | { behavior: 'deny'; message: string; reason?: string; review?: AutoModeReview }
  | {
      behavior: 'ask';
      message: string;
      reason?: string;
      /** Auto mode's reviewer could not decide, or was set aside after repeated blocks. */
      review?: AutoModeReview;
      /** Rules that would make the same call pass next time ("don't ask again"). */
      suggestions?: PermissionUpdate[];
      /** The file path that triggered the ask, for the dialog and SDK `blocked_path`. */
      blockedPath?: string;
    }
  /** The tool has no opinion; the general rules and mode decide. */
  | { behavior: 'passthrough' };

/** The caller's final say on an `ask`: the REPL dialog, the SDK callback, or deny in print mode. */
export type PermissionResult =
  | {
      behavior: 'allow';
      updatedInput?: Record<string, unknown>;
      updatedPermissions?: PermissionUpdate[];
    }
  | {
      behavior: 'deny';
      message: string;
      interrupt?: boolean;
      /** No one could be asked (print mode, an SDK run without a prompt tool): the refusal is Pulse's own, not a person's answer. */
      unasked?: true;
    };
