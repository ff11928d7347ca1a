// Print mode cannot show a permission dialog, so every "ask" becomes a refusal that tells the
// model (and, through permission_denials, the person) how to allow the tool next time.
import type { CanUseToolFn } from '../../query/deps.js';

export const denyInPrintMode: CanUseToolFn = async ({ tool, decision }) => ({
  behavior: 'deny',
  unasked: true,
  // A safety check (a protected file, leaving the sandbox) is asked whatever the rules say, and
  // auto mode says why its reviewer passed the question on: the question itself is the useful part.
  message:
    decision.reason === 'safetyCheck' || decision.review !== undefined
      ? `${decision.message} Print mode cannot ask for that approval, so the call was not run.`
      : `${tool.name} needs approval, and print mode cannot ask for it, so the call was not run. ` +
        `To allow it, rerun with --allowedTools "${tool.name}" or a --permission-mode such as acceptEdits.`,
});
