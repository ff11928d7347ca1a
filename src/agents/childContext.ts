// The world a sub-agent runs in: its own working directory, read-file state, todo list and
// abort signal (linked to its parent's), the parent's permission rules under the agent's mode,
// and every permission question passed up to whoever answers the parent's.
import type { CanUseToolFn } from '../query/deps.js';
import { FileReadCache } from '../tools/shared/fileReadCache.js';
import type { TodoItem, TodoList, ToolUseContext } from '../tools/Tool.js';
import type { PermissionMode } from '../types/permissions.js';
import type { AgentDefinition } from './definition.js';

/** Modes a sub-agent's own `permissionMode` may not loosen or tighten: the parent's choice stands. */
const PARENT_MODES_THAT_WIN: ReadonlySet<PermissionMode> = new Set(['bypassPermissions', 'acceptEdits', 'plan']);

export const NO_ONE_TO_ASK =
  'This sub-agent has nobody to ask for permission, so the call was refused. Use tools that need no approval.';

export function childPermissionMode(parent: PermissionMode, agent: PermissionMode | undefined): PermissionMode {
  if (agent === undefined || PARENT_MODES_THAT_WIN.has(parent)) return parent;
  return agent;
}

/** An abort signal that fires when the parent's does, and can also be fired on its own. */
export function linkedController(parent: AbortSignal): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return { controller, unlink: () => parent.removeEventListener('abort', onAbort) };
}

function privateTodoList(): TodoList {
  let todos: TodoItem[] = [];
  const listeners = new Set<(todos: TodoItem[]) => void>();
  return {
    get: () => todos,
    set: (next) => {
      todos = next;
      for (const listener of listeners) listener(todos);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ChildContextInputs = {
  parent: ToolUseContext;
  agent: AgentDefinition;
  agentId: string;
  model: string;
  abortSignal: AbortSignal;
};

export function createChildContext({ parent, agent, agentId, model, abortSignal }: ChildContextInputs): ToolUseContext {
  // Parallel sub-agents must not move each other's (or the parent's) shell directory.
  let cwd = parent.getCwd();
  const context: ToolUseContext = {
    getCwd: () => cwd,
    setCwd: (dir) => {
      cwd = dir;
    },
    abortSignal,
    // What the parent has read stays read, but the child's reads do not leak back.
    readFileState: FileReadCache.copyOf(parent.readFileState),
    getPermissionContext: () => {
      const permissions = parent.getPermissionContext();
      const mode = childPermissionMode(permissions.mode, agent.permissionMode);
      return mode === permissions.mode ? permissions : { ...permissions, mode };
    },
    options: { ...parent.options, model },
    agentId,
    agentType: agent.name,
    todos: privateTodoList(),
  };
  if (parent.hooks) context.hooks = parent.hooks;
  // Side requests (WebFetch, auto mode's reviewer) go through the parent's model seam, and the
  // reviewer judges the child's calls against what the person asked the parent.
  if (parent.callModel) context.callModel = parent.callModel;
  if (parent.smallFastModel) context.smallFastModel = parent.smallFastModel;
  if (parent.conversation) context.conversation = parent.conversation;
  if (parent.updatePermissions) context.updatePermissions = parent.updatePermissions;
  if (parent.abortTurn) context.abortTurn = parent.abortTurn;
  return context;
}

/** The child's canUseTool: the parent's, told which sub-agent is asking. */
export function askThroughParent(parent: ToolUseContext, agentName: string): CanUseToolFn {
  return async (request) => {
    const ask = parent.canUseTool;
    if (!ask) return { behavior: 'deny', message: NO_ONE_TO_ASK };
    return ask({ ...request, agentName: request.agentName ?? agentName });
  };
}
