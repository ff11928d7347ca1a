// The only way a key is ever shown: its first few characters and its last four, so people can
// tell two keys apart without the secret reaching the screen, a log or a transcript.

/** `sk-…abcd`; short or odd strings show only the ellipsis. */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length < 12) return '…';
  const prefix = trimmed.startsWith('sk-') ? 'sk-' : '';
  return `${prefix}…${trimmed.slice(-4)}`;
}
