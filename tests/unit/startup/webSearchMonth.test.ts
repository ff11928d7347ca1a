// The WebSearch prompt names the month without Intl (which is slow to load at start-up); it
// must still say exactly what Intl would.
import { describe, expect, it } from 'vitest';
import { webSearchPrompt } from '../../../src/tools/webSearch/prompt.js';

describe('webSearchPrompt month', () => {
  it.each(Array.from({ length: 12 }, (_, month) => month))('matches Intl for month %i', (month) => {
    const now = new Date(Date.UTC(2027, month, 28, 23, 30));
    const expected = now.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(webSearchPrompt(now)).toContain(`It is ${expected} now`);
  });
});
