// Pulse's version. The build injects it from package.json; unbundled runs (unit tests) have no
// build step, so they report a development marker instead.
declare const __PULSE_VERSION__: string | undefined;

export const PULSE_VERSION: string =
  typeof __PULSE_VERSION__ === 'string' ? __PULSE_VERSION__ : '0.0.0-dev';
