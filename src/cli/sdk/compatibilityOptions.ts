// Flags the official Agent SDK (and scripts written for the reference CLI) may pass, hidden from
// --help. Most Pulse accepts without acting on (tuning it has no equivalent for, host features it
// does not offer); accepting them keeps every SDK option from failing the launch. The thinking
// flags are read by options.ts.
import { Option, type Command } from 'commander';

/** In the SDK's spelling (it passes `--name=value`). */
const ACCEPTED_FLAGS: readonly string[] = [
  '--max-thinking-tokens <tokens>',
  '--thinking <mode>',
  '--thinking-display <display>',
  '--task-budget <tokens>',
  '--agent <name>',
  '--betas <betas>',
  '--json-schema <schema>',
  '--debug [filter]',
  '--debug-file <path>',
  '--debug-to-stderr',
  '--permission-prompts <mode>',
  '--channels <channel>',
  '--session-mirror',
  '--project-config-root <dir>',
  '--await-initialize',
  '--plugin-dir-no-mcp <dir>',
  '--resume-session-at <messageId>',
  '--resume-drops-turn <value>',
  '--initialize-fields <fields>',
  '--managed-settings <json>',
  '--managed-settings-in-initialize',
  '--no-optional-locks',
];

export function addSdkCompatibilityOptions(program: Command): void {
  for (const flags of ACCEPTED_FLAGS) {
    // Repeatable flags (--channels) keep the last value; none of them is used.
    program.addOption(new Option(flags).hideHelp());
  }
}
