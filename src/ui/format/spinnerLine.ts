// The words on the spinner line, kept apart from the component so they are tested as text.

export const SPINNER_VERBS = [
  'Pondering',
  'Tinkering',
  'Untangling',
  'Sketching',
  'Brewing',
  'Sifting',
  'Mulling',
  'Assembling',
  'Calibrating',
  'Percolating',
  'Whittling',
  'Rummaging',
  'Noodling',
  'Distilling',
  'Weaving',
  'Charting',
] as const;

export const SPINNER_FRAMES = ['·', '∙', '•', '●', '•', '∙'] as const;

export function pickVerb(random: () => number = Math.random): string {
  return SPINNER_VERBS[Math.floor(random() * SPINNER_VERBS.length)] ?? 'Working';
}

export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

export function formatTokenCount(tokens: number): string {
  return tokens < 1000 ? String(tokens) : `${(tokens / 1000).toFixed(1)}k`;
}

/** `Pondering… (3s · ↓ 120 tokens · esc to interrupt)` */
export function spinnerText(verb: string, elapsedMs: number, outputTokens: number): string {
  const parts = [formatElapsed(elapsedMs)];
  if (outputTokens > 0) parts.push(`↓ ${formatTokenCount(outputTokens)} tokens`);
  parts.push('esc to interrupt');
  return `${verb}… (${parts.join(' · ')})`;
}

/** The line left behind when a turn ends: `Worked for 12s · ↓ 1.2k tokens`. */
export function turnSummaryText(elapsedMs: number, outputTokens: number): string {
  const tokens = outputTokens > 0 ? ` · ↓ ${formatTokenCount(outputTokens)} tokens` : '';
  return `Worked for ${formatElapsed(elapsedMs)}${tokens}`;
}
