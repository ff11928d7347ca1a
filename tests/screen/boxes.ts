// Reading a bordered box (a dialog, the banner, a picker) back from the emulator's screen, and
// the checks that its text wraps beside its marks rather than at the box's left edge.
import { expect } from 'vitest';
import type { ScreenSession } from './terminal.js';

/** The rows of the box whose top border comes first at or after `from`, without the borders' columns. */
export function boxAt(screen: readonly string[], from: number): string[] {
  const top = screen.findIndex((line, index) => index >= from && line.startsWith('╭'));
  const bottom = screen.findIndex((line, index) => index > top && line.startsWith('╰'));
  expect(top, 'a box on screen').toBeGreaterThanOrEqual(0);
  return screen.slice(top + 1, bottom).map((line) => line.replace(/^│ ?/, '').replace(/\s*│\s*$/, ''));
}

/** The rows from the one matching `first` up to (not including) the next one matching `next`. */
export function between(rows: readonly string[], first: RegExp, next: RegExp): string[] {
  const start = rows.findIndex((row) => first.test(row));
  expect(start, `a row matching ${String(first)}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, index) => index > start && next.test(row));
  expect(end, `a row matching ${String(next)} after ${String(first)}`).toBeGreaterThan(start);
  return rows.slice(start, end);
}

/** Every row after the first starts with exactly `indent` spaces and then text; `wraps` says whether there must be such rows. */
export function expectHanging(rows: readonly string[], indent: number, what: string, wraps = true): void {
  if (wraps) expect(rows.length, `${what} wraps at this width`).toBeGreaterThan(1);
  for (const row of rows.slice(1)) expect({ what, row }).toEqual({ what, row: expect.stringMatching(new RegExp(`^ {${indent}}\\S`)) });
}

/** No text row of a box starts with a lone space: the space a row broke at stays at the break. */
export function expectNoStraySpace(rows: readonly string[]): void {
  expect(rows.filter((row) => /^ \S/.test(row))).toEqual([]);
}

export async function waitForSettled(session: ScreenSession, text: RegExp): Promise<string[]> {
  await session.waitForText(text);
  // The box is drawn in one frame; read it again once the frame after it is in.
  await session.waitFor((s) => s.screen().some((line) => text.test(line)), String(text));
  return session.screen();
}

/** Every row of the box from its top border on `from` is as wide as the terminal and closed by its right border. */
export function expectBoxWhole(screen: readonly string[], from: number, cols: number): void {
  const top = screen.findIndex((line, index) => index >= from && line.startsWith('╭'));
  const bottom = screen.findIndex((line, index) => index > top && line.startsWith('╰'));
  const broken = screen.slice(top, bottom + 1).filter((line) => line.length !== cols || !/[│╮╯]$/.test(line));
  expect(broken, 'box rows not closed at the right edge').toEqual([]);
}

/** Rows read back as one paragraph: joined at their breaks, runs of spaces as one. */
export function reflowed(rows: readonly string[]): string {
  return rows.join(' ').replace(/\s+/g, ' ').trim();
}

/** The rows from the one matching `first` to the end. */
export function rowsFrom(rows: readonly string[], first: RegExp): string[] {
  const start = rows.findIndex((row) => first.test(row));
  expect(start, `a row matching ${String(first)}`).toBeGreaterThanOrEqual(0);
  return rows.slice(start);
}
