// The arithmetic that fits an approval dialog to the terminal's height (the screen tests in
// tests/screen/permissionFits*.test.ts check the drawn result).
import { describe, expect, it } from 'vitest';
import { capRows } from '../../../src/ui/components/Guttered.js';
import { cutRows, fitDialog, scrollBody, windowAround } from '../../../src/ui/format/dialogFit.js';

describe('fitDialog', () => {
  it('shows the whole body in a full dialog when everything fits', () => {
    expect(fitDialog({ budget: 39, fullChrome: 11, compactChrome: 7, body: 20 })).toEqual({ compact: false, bodyRows: 20 });
  });
  it('cuts the body to the rows the full dialog leaves', () => {
    expect(fitDialog({ budget: 19, fullChrome: 11, compactChrome: 7, body: 33 })).toEqual({ compact: false, bodyRows: 8 });
  });
  it('keeps a short body whole in a full dialog that has just the room for it', () => {
    expect(fitDialog({ budget: 12, fullChrome: 11, compactChrome: 7, body: 1 })).toEqual({ compact: false, bodyRows: 1 });
  });
  it('turns compact when fewer than three body rows would be left', () => {
    expect(fitDialog({ budget: 10, fullChrome: 15, compactChrome: 7, body: 33 })).toEqual({ compact: true, bodyRows: 3 });
  });
  it('gives the body no rows rather than pushing the choices off a tiny screen', () => {
    expect(fitDialog({ budget: 7, fullChrome: 15, compactChrome: 8, body: 33 })).toEqual({ compact: true, bodyRows: 0 });
  });
});

describe('cutRows', () => {
  const rows = Array.from({ length: 10 }, (_, index) => `row ${index + 1}`);
  it('keeps every row that fits', () => {
    expect(cutRows(rows, 10)).toEqual(rows);
  });
  it('keeps the first rows and counts the rest in the last', () => {
    expect(cutRows(rows, 3)).toEqual(['row 1', 'row 2', '… 8 more lines']);
  });
  it('with one row only counts, with none draws nothing', () => {
    expect(cutRows(rows, 1)).toEqual(['… 10 more lines']);
    expect(cutRows(rows, 0)).toEqual([]);
  });
});

/** The rows of a body of `count` lines, one row each. */
const eachLine = (count: number): number[] => Array.from({ length: count }, (_, line) => line);

describe('scrollBody', () => {
  it('shows a body that fits whole, without a position', () => {
    expect(scrollBody(eachLine(5), 3, 5, 40)).toEqual({ start: 0, end: 5, page: 5 });
  });
  it('keeps the last row for the position and the window in range', () => {
    expect(scrollBody(eachLine(120), 0, 11, 80)).toEqual({ start: 0, end: 10, page: 10, position: 'lines 1–10 of 120 · PgUp/PgDn to scroll' });
    expect(scrollBody(eachLine(120), 115, 11, 80)).toMatchObject({ start: 110, end: 120 });
    expect(scrollBody(eachLine(120), -4, 11, 80)).toMatchObject({ start: 0, end: 10 });
  });
  it('says where it is in fewer words on a narrow row, the keys kept longer than the word "lines"', () => {
    expect(scrollBody(eachLine(120), 0, 6, 36).position).toBe('lines 1–5 of 120 · PgUp/PgDn');
    expect(scrollBody(eachLine(120), 0, 6, 22).position).toBe('1–5 of 120 · PgUp/PgDn');
    expect(scrollBody(eachLine(120), 0, 6, 21).position).toBe('1–5/120 · PgUp/PgDn');
    expect(scrollBody(eachLine(120), 0, 6, 18).position).toBe('lines 1–5 of 120');
    expect(scrollBody(eachLine(1200), 1000, 6, 12).position).toBe('1001–1005/1200');
  });
  it("counts the body's lines, not the rows they wrap to", () => {
    // 120 lines of two rows each: rows 10-14 are the second row of line 6 to the second of line 8.
    const twoRowsEach = eachLine(240).map((row) => Math.floor(row / 2));
    expect(scrollBody(twoRowsEach, 11, 6, 80)).toMatchObject({ start: 11, end: 16, position: 'lines 6–8 of 120 · PgUp/PgDn to scroll' });
    expect(scrollBody(twoRowsEach, 500, 6, 80)).toMatchObject({ start: 235, end: 240, position: 'lines 118–120 of 120 · PgUp/PgDn to scroll' });
  });
  it('names a window inside one line as that line', () => {
    expect(scrollBody([0, 0, 0, 1], 0, 3, 80).position).toBe('line 1 of 2 · PgUp/PgDn to scroll');
  });
  it('leaves a single row to the body itself, and shows nothing in none', () => {
    expect(scrollBody(eachLine(120), 7, 1, 40)).toEqual({ start: 7, end: 8, page: 1 });
    expect(scrollBody(eachLine(120), 7, 0, 40)).toEqual({ start: 7, end: 7, page: 1 });
  });
});

describe('windowAround', () => {
  it('starts at the top while the selected entry fits there', () => {
    expect(windowAround([1, 1, 1, 1, 1], 1, 3)).toEqual({ start: 0, end: 3 });
  });
  it('moves down so the selected entry is the last shown', () => {
    expect(windowAround([1, 1, 1, 1, 1], 4, 3)).toEqual({ start: 2, end: 5 });
  });
  it('counts entries by their rows', () => {
    expect(windowAround([2, 2, 1, 1], 2, 3)).toEqual({ start: 1, end: 3 });
  });
});

describe('capRows', () => {
  it('leaves rows that fit alone', () => {
    expect(capRows(['Allow', 'Bash(ls)?'], 2, 10)).toEqual(['Allow', 'Bash(ls)?']);
  });
  it('fills the last kept row with what follows and cuts it with …', () => {
    expect(capRows(['Allow', 'Update(values.ts)?'], 1, 12)).toEqual(['Allow Updat…']);
  });
  it('keeps the rows before the last whole', () => {
    expect(capRows(['one two', 'three four', 'five six'], 2, 10)).toEqual(['one two', 'three fou…']);
  });
  it('counts wide characters by their columns', () => {
    expect(capRows(['東京東京', '東京'], 1, 6)).toEqual(['東京…']);
  });
});
