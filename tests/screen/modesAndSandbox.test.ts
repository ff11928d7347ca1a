// The REPL as a terminal shows it: Shift+Tab reaches auto mode only when the session asked for
// it, and /sandbox reports the sandbox's state.
import { describe, it } from 'vitest';
import { sandboxAvailable } from '../support/sandbox.js';
import { openRepl, submit } from './scenario.js';

const SHIFT_TAB = '\u001B[Z';
const AUTO_LABEL = 'auto mode: a reviewer approves what the rules leave open';

describe('Shift+Tab and auto mode', () => {
  it('steps default → accept edits → plan → auto → default with --enable-auto-mode', async () => {
    const { session } = await openRepl([], 100, 30, ['--enable-auto-mode']);
    session.write(SHIFT_TAB);
    await session.waitForText('edits accepted automatically');
    session.write(SHIFT_TAB);
    await session.waitForText('plan mode: read-only');
    session.write(SHIFT_TAB);
    await session.waitForText(AUTO_LABEL);
    session.write(SHIFT_TAB);
    await session.waitForText('/ for commands');
  });

  it('leaves auto mode out of the cycle unless asked for', async () => {
    const { session } = await openRepl([], 100, 30);
    for (const label of ['edits accepted automatically', 'plan mode: read-only', '/ for commands']) {
      session.write(SHIFT_TAB);
      await session.waitForText(label);
    }
  });
});

describe.skipIf(!sandboxAvailable)('/sandbox', () => {
  it("shows the sandbox's state", async () => {
    const settings = JSON.stringify({ sandbox: { enabled: true, network: { allowedDomains: ['registry.npmjs.org'] } } });
    const { session } = await openRepl([], 120, 40, ['--settings', settings]);
    await submit(session, '/sandbox');
    await session.waitForText(/Sandbox: on \(bubblewrap at .*bwrap\)/);
    await session.waitForText("Network: only through Pulse's proxy, to registry.npmjs.org");
  });
});
