// The interactive face's trust question: asked before bootstrap, so nothing from an untrusted
// folder (hooks, credential helpers, settings env, MCP servers) runs while it is on screen.
import { canRememberTrust, isWorkspaceTrusted, trustWorkspace } from '../bootstrap/trust.js';
import { findProjectCode } from '../bootstrap/trustFindings.js';
import type { HeldTerminal } from './heldTerminal.js';

type TrustUi = Pick<typeof import('../ui/main.js'), 'askWorkspaceTrust'>;

/** Resolves true when Pulse may go on in `cwd`: already trusted, or the person said yes. */
export async function confirmWorkspaceTrust(cwd: string, loadUi: () => Promise<TrustUi>, terminal: HeldTerminal): Promise<boolean> {
  if (isWorkspaceTrusted(cwd)) return true;
  const { askWorkspaceTrust } = await loadUi();
  const findings = findProjectCode(cwd);
  const answer = await terminal.ask(() => askWorkspaceTrust({ folder: cwd, findings, sessionOnly: !canRememberTrust(cwd) }));
  if (answer !== 'trust') {
    process.stderr.write(`pulse: ${cwd} was not trusted, so nothing from it ran.\n`);
    return false;
  }
  try {
    await trustWorkspace(cwd);
  } catch (error) {
    // Trusted for this session all the same; the question comes back next time.
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulse: warning: could not remember that this folder is trusted (${reason})\n`);
  }
  return true;
}
