// Claude Code's names for the settings Pulse also reads from the environment, so that someone
// switching over keeps what they already set (`CLAUDE_CODE_MAX_RETRIES=3` keeps meaning three
// retries). Where both names are set, Pulse's own wins: it was set for Pulse.
type Env = Readonly<Record<string, string | undefined>>;

export const REFERENCE_NAMES = {
  PULSE_MAX_RETRIES: 'CLAUDE_CODE_MAX_RETRIES',
  PULSE_API_TIMEOUT_MS: 'API_TIMEOUT_MS',
  PULSE_BASH_DEFAULT_TIMEOUT_MS: 'BASH_DEFAULT_TIMEOUT_MS',
  PULSE_BASH_MAX_TIMEOUT_MS: 'BASH_MAX_TIMEOUT_MS',
  PULSE_BASH_MAX_OUTPUT_LENGTH: 'BASH_MAX_OUTPUT_LENGTH',
  PULSE_MAX_TOOL_CONCURRENCY: 'CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY',
  PULSE_AUTOCOMPACT_PCT: 'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE',
  PULSE_CONTEXT_WINDOW: 'CLAUDE_CODE_AUTO_COMPACT_WINDOW',
  PULSE_DISABLE_AUTO_COMPACT: 'DISABLE_AUTO_COMPACT',
} as const;

export type PulseEnvName = keyof typeof REFERENCE_NAMES;

/** The value under Pulse's name, else under Claude Code's; blank counts as unset. */
export function envSetting(name: PulseEnvName, env: Env = process.env): string | undefined {
  const own = env[name];
  if (own !== undefined && own.trim() !== '') return own;
  const reference = env[REFERENCE_NAMES[name]];
  return reference !== undefined && reference.trim() !== '' ? reference : undefined;
}
