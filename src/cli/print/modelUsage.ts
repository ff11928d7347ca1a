// The per-model usage table for the result line: the session's counters plus each model's
// context window and output limit, as SDK consumers expect.
import { getModelInfo } from '../../api/models.js';
import type { ModelUsage } from '../../state/session.js';
import type { SdkModelUsage } from './sdkTypes.js';

export function modelUsageReport(usage: Record<string, ModelUsage>): Record<string, SdkModelUsage> {
  return Object.fromEntries(
    Object.entries(usage).map(([model, counts]) => {
      const info = getModelInfo(model);
      return [
        model,
        {
          ...counts,
          contextWindow: info.contextWindow,
          maxOutputTokens: info.maxOutputTokens,
          // The API reports no thinking-token count apart from output, and Pulse caches for 5 minutes only.
          thinkingTokens: 0,
          cacheCreationEphemeral5mInputTokens: counts.cacheCreationInputTokens,
          cacheCreationEphemeral1hInputTokens: 0,
          canonicalModel: model,
          costBasis: 'list' as const,
        },
      ];
    }),
  );
}
