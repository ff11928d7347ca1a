// The session's hook runner, from the merged settings. None when no hook is configured, so the
// loop and the pipeline skip hook work entirely.
import { createHookRunner, type HookRunner } from '../hooks/hookRunner.js';
import type { HooksConfig } from '../hooks/config.js';
import { transcriptPath } from '../sessions/paths.js';
import { session } from '../state/session.js';

export function sessionHookRunner(config: HooksConfig, projectRoot: string, env: Record<string, string>): HookRunner | undefined {
  const configured = Object.values(config).some((groups) => groups.some((group) => group.hooks.length > 0));
  if (!configured) return undefined;
  return createHookRunner({
    config,
    sessionId: () => session.sessionId,
    transcriptPath: () => transcriptPath(session.originalCwd, session.sessionId),
    projectDir: projectRoot,
    env,
  });
}
