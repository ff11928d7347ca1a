import { describe, expect, it } from 'vitest';
import { buildCompactPrompt, formatCompactSummary, SUMMARY_SECTIONS } from '../../../src/compact/summaryPrompt.js';

describe('formatCompactSummary', () => {
  it('keeps only the summary body', () => {
    expect(formatCompactSummary('<analysis>notes</analysis>\n<summary>\nThe body.\n</summary>')).toBe('The body.');
  });

  it('copes with missing or unclosed tags', () => {
    expect(formatCompactSummary('Just a plain summary.')).toBe('Just a plain summary.');
    expect(formatCompactSummary('<analysis>notes</analysis>\n<summary>cut off mid')).toBe('cut off mid');
    expect(formatCompactSummary('<analysis>never closed')).toBe('');
  });
});

describe('buildCompactPrompt', () => {
  it('numbers every section and appends custom instructions', () => {
    const prompt = buildCompactPrompt('Mention the database schema.');
    SUMMARY_SECTIONS.forEach((title, index) => expect(prompt).toContain(`${index + 1}. ${title}:`));
    expect(prompt).toContain('Mention the database schema.');
    expect(buildCompactPrompt()).not.toContain('Further instructions');
  });
});
