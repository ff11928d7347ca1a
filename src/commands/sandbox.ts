// /sandbox: what the Bash sandbox does in this session. The report comes from the session
// (bootstrap), which knows the settings and can ask the machine; this only shows it.
import type { LocalCommand } from './types.js';

export function createSandboxCommand(report: () => Promise<string>): LocalCommand {
  return {
    name: 'sandbox',
    description: "Show the Bash sandbox's state: on or off, what commands may write and reach",
    async run(ctx) {
      ctx.print(await report());
    },
  };
}
