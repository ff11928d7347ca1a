// The ToolUseContext a query's tools see. The working directory lives on the session
// singleton so a `cd` in Bash carries over to later calls and later queries.
import type { EffortLevel } from '../api/models.js';
import type { HookRunner } from '../hooks/hookRunner.js';
import { session } from '../state/session.js';
import type { FileReadRecord, TodoList, ToolUseContext } from '../tools/Tool.js';
import type { ToolPermissionContext } from '../types/permissions.js';
import { productionToolModel, smallFastModel } from './toolModel.js';

export type ToolUseContextInputs = {
  /** The model seam for WebFetch and WebSearch; the production one by default. */
  callModel?: ToolUseContext['callModel'];
  abortSignal: AbortSignal;
  readFileState: Map<string, FileReadRecord>;
  getPermissionContext: () => ToolPermissionContext;
  model: string;
  /** Read whenever a request is built: `/effort` changes it during the session. */
  effort?: () => EffortLevel | 'auto' | undefined;
  isNonInteractive: boolean;
  verbose: boolean;
  env: Record<string, string>;
  todos?: TodoList;
  loadedMemory?: ToolUseContext['loadedMemory'];
  hooks?: HookRunner;
  updatePermissions?: ToolUseContext['updatePermissions'];
  abortTurn?: () => void;
  runSubagent?: ToolUseContext['runSubagent'];
  takeToolNews?: ToolUseContext['takeToolNews'];
};

export function createToolUseContext(inputs: ToolUseContextInputs): ToolUseContext {
  return {
    getCwd: () => session.cwd,
    setCwd: (dir) => {
      session.cwd = dir;
    },
    abortSignal: inputs.abortSignal,
    readFileState: inputs.readFileState,
    getPermissionContext: inputs.getPermissionContext,
    ...(inputs.todos ? { todos: inputs.todos } : {}),
    ...(inputs.loadedMemory ? { loadedMemory: inputs.loadedMemory } : {}),
    ...(inputs.hooks ? { hooks: inputs.hooks } : {}),
    ...(inputs.updatePermissions ? { updatePermissions: inputs.updatePermissions } : {}),
    ...(inputs.abortTurn ? { abortTurn: inputs.abortTurn } : {}),
    ...(inputs.runSubagent ? { runSubagent: inputs.runSubagent } : {}),
    ...(inputs.takeToolNews ? { takeToolNews: inputs.takeToolNews } : {}),
    callModel: inputs.callModel ?? productionToolModel(),
    ...(smallFastModel() ? { smallFastModel: smallFastModel() } : {}),
    options: withLiveEffort(
      { model: inputs.model, isNonInteractive: inputs.isNonInteractive, verbose: inputs.verbose, env: inputs.env },
      inputs.effort,
    ),
  };
}

/**
 * The options with `extra` added, the live effort kept live: the REPL keeps one context for the
 * whole session, so a plain spread would freeze the effort chosen at start-up.
 */
export function withOptions(options: ToolUseContext['options'], extra: Partial<ToolUseContext['options']>): ToolUseContext['options'] {
  const copy: ToolUseContext['options'] = { ...options, ...extra };
  const live = Object.getOwnPropertyDescriptor(options, 'effort');
  return live?.get && !('effort' in extra) ? Object.defineProperty(copy, 'effort', live) : copy;
}

/** `options.effort` as a getter: a copy of the options (`{...options}`) takes the value of the moment. */
function withLiveEffort(options: ToolUseContext['options'], effort: ToolUseContextInputs['effort']): ToolUseContext['options'] {
  if (!effort) return options;
  return Object.defineProperty(options, 'effort', { get: effort, enumerable: true });
}
