// The tools that come with a session rather than with the file system: notebooks, the todo
// list, questions for the user, plan approval and skills. Bootstrap adds them to the pool;
// `toolsForMode` drops the ones that only make sense in another permission mode.
import type { PermissionMode } from '../types/permissions.js';
import { AskUserQuestionTool } from './askUser/AskUserQuestionTool.js';
import { ExitPlanModeTool } from './exitPlanMode/ExitPlanModeTool.js';
import { NotebookEditTool } from './notebookEdit/NotebookEditTool.js';
import { createSkillTool, type SkillCatalog } from './skill/SkillTool.js';
import { TodoWriteTool } from './todo/TodoWriteTool.js';
import type { AnyTool } from './Tool.js';

export type SessionToolOptions = {
  /** Someone can answer questions (the REPL, an SDK host); false in print mode. */
  canAskUser: boolean;
  /** Skills and custom commands the model may invoke; no Skill tool without any. */
  skills?: SkillCatalog;
};

export function sessionTools(options: SessionToolOptions): AnyTool[] {
  const tools: AnyTool[] = [NotebookEditTool, TodoWriteTool, AskUserQuestionTool, ExitPlanModeTool];
  if (options.skills) tools.push(createSkillTool(options.skills));
  return tools.filter((tool) => tool.isEnabled() && (options.canAskUser || !tool.requiresUserInteraction));
}

/** The pool for a turn in `mode`: tools limited to other modes are left out. */
export function toolsForMode(tools: readonly AnyTool[], mode: PermissionMode): AnyTool[] {
  return tools.filter((tool) => tool.onlyInModes === undefined || tool.onlyInModes.includes(mode));
}
