// The /cost report: money, time and tokens from the session counters.
import type { Session } from '../state/session.js';

export function formatCostReport(session: Session, now: number): string {
  const models = Object.entries(session.modelUsage);
  const estimate = session.hasUnknownModelCost ? ' (estimated: a model had no known price)' : '';
  const lines = [
    `Total cost:            ${formatUsd(session.totalCostUSD)}${estimate}`,
    `Total duration (API):  ${formatDuration(session.totalAPIDurationMs)}`,
    `Total duration (wall): ${formatDuration(now - session.startTime)}`,
  ];
  if (models.length === 0) return [...lines, 'Usage:                 no model calls yet'].join('\n');
  lines.push('Usage by model:');
  for (const [model, usage] of models) {
    lines.push(
      `  ${model}: ${formatTokens(usage.inputTokens)} input, ${formatTokens(usage.outputTokens)} output, ` +
        `${formatTokens(usage.cacheReadInputTokens)} cache read, ` +
        `${formatTokens(usage.cacheCreationInputTokens)} cache write (${formatUsd(usage.costUSD)})`,
    );
  }
  return lines.join('\n');
}

export function formatUsd(amount: number): string {
  return amount >= 0.5 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export function formatTokens(count: number): string {
  if (count < 1000) return String(count);
  return `${(count / 1000).toFixed(1)}k`;
}
