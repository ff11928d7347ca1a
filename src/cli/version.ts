// Pulse's version. The build injects it from package.json; unbundled runs (unit tests) have no
// build step, so they report a development marker instead.
declare const __PULSE_VERSION__: string | undefined;

export const PULSE_VERSION: string =
  typeof __PULSE_VERSION__ === 'string' ? __PULSE_VERSION__ : '0.0.0-dev';

/**
 * The Claude Code release whose print and SDK output Pulse matches field for field. Scripts and
 * SDKs read `claude_code_version` to decide what the CLI speaks, so Pulse reports this there and
 * its own version as `pulse_version`.
 */
export const REFERENCE_VERSION = '2.1.332';
