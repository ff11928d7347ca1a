// Print mode cannot show a permission dialog, so every "ask" becomes a refusal that tells the
// model (and, through permission_denials, the person) how to allow the tool next time.
import type { CanUseToolFn } from '../../query/deps.js';

export const denyInPrintMode: CanUseToolFn = async ({ tool }) => ({
  behavior: 'deny',
  message:
    `${tool.name} needs approval, and print mode cannot ask for it, so the call was not run. ` +
    `To allow it, rerun with --allowedTools "${tool.name}" or a --permission-mode such as acceptEdits.`,
});
