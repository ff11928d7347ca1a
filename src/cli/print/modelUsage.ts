// The per-model usage table for the result line: the session's counters plus each model's
// context window and output limit, as SDK consumers expect.
import { getModelInfo } from '../../api/models.js';
import type { ModelUsage } from '../../state/session.js';
import type { SdkModelUsage } from './sdkTypes.js';

export function modelUsageReport(usage: Record<string, ModelUsage>): Record<string, SdkModelUsage> {
  return Object.fromEntries(
    Object.entries(usage).map(([model, counts]) => {
      const info = getModelInfo(model);
      return [model, { ...counts, contextWindow: info.contextWindow, maxOutputTokens: info.maxOutputTokens }];
    }),
  );
}
