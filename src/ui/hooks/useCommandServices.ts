// What the built-in commands may reach in a running REPL: the model the next turn uses (/model),
// the parts of the next request (/context), the live permission rules (/permissions) and the
// CLI's status report (/status). Built once per REPL; each getter reads the state of the moment.
import { useMemo } from 'react';
import type { CommandContext } from '../../commands/types.js';
import { currentMemoryFiles } from '../../memory/index.js';
import { session } from '../../state/session.js';
import type { ReplStore } from '../../state/store.js';
import { toolsForMode } from '../../tools/sessionTools.js';
import { messagesSinceCompaction, type TurnRunner, type TurnRunnerOptions } from '../runner/turnRunner.js';
import type { ReplOptions } from '../types.js';

export type CommandServices = Pick<CommandContext, 'model' | 'contextParts' | 'permissions' | 'status'>;

type ServiceOptions = Pick<TurnRunnerOptions, 'context' | 'tools' | 'buildSystemPrompt'> &
  Partial<Pick<ReplOptions, 'cwd' | 'statusReport'>>;

/** Memory is measured, not required: a file that cannot be read counts as absent. */
export function useCommandServices(store: ReplStore, runner: TurnRunner, options: ServiceOptions): CommandServices {
  const { context, tools, buildSystemPrompt, cwd, statusReport } = options;
  return useMemo(() => {
    const updatePermissions = context.updatePermissions;
    return {
      model: { current: () => runner.currentModel(), set: (model: string) => runner.setModel(model) },
      contextParts: async () => ({
        model: runner.currentModel(),
        systemPrompt: await buildSystemPrompt(),
        memoryFiles: await currentMemoryFiles(cwd ?? session.originalCwd),
        tools: toolsForMode(tools, context.getPermissionContext().mode),
        messages: messagesSinceCompaction(store.getState().messages),
      }),
      ...(updatePermissions ? { permissions: { get: () => context.getPermissionContext(), update: updatePermissions } } : {}),
      ...(statusReport ? { status: statusReport } : {}),
    };
  }, [store, runner, context, tools, buildSystemPrompt, cwd, statusReport]);
}
