// How Pulse reads an on/off environment variable, the way the reference does: 1, true, yes and
// on (any case) mean on; anything else, or nothing, means off.
export function isEnvTruthy(raw: string | undefined): boolean {
  return raw !== undefined && ['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase());
}
