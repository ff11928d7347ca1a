// Reading a dialog's numbered choices back from the emulator's screen: each choice with its
// wrapped rows joined, whether it is highlighted, and the row counting choices left out.
import { expect } from 'vitest';
import { boxAt } from './boxes.js';
import type { ScreenSession } from './terminal.js';

export type ShownChoice = { number: number; highlighted: boolean; text: string };

/** The rows of the last box on screen (the dialog: it takes the prompt's place), without its borders. */
export function dialogRows(screen: readonly string[]): string[] {
  const top = screen.findLastIndex((line) => line.startsWith('╭'));
  expect(top, `a dialog on screen\n${screen.join('\n')}`).toBeGreaterThanOrEqual(0);
  return boxAt(screen, top);
}

/** The dialog's choices in the order shown, each read back whole (its rows under its text joined). */
export function shownChoices(screen: readonly string[]): ShownChoice[] {
  const choices: ShownChoice[] = [];
  let current: ShownChoice | undefined;
  for (const row of dialogRows(screen)) {
    const start = /^([❯ ]) (\d+)\. (.*)$/.exec(row);
    if (start) {
      current = { number: Number(start[2]), highlighted: start[1] === '❯', text: (start[3] ?? '').trim() };
      choices.push(current);
    } else if (current && /^ {5}\S/.test(row)) {
      current.text = `${current.text} ${row.trim()}`;
    } else {
      current = undefined;
    }
  }
  return choices;
}

/** The highlighted choice, checked to be on screen. */
export function highlighted(screen: readonly string[]): ShownChoice {
  const marked = shownChoices(screen).filter((choice) => choice.highlighted);
  expect(marked, `one highlighted choice\n${screen.join('\n')}`).toHaveLength(1);
  return marked[0] as ShownChoice;
}

/** How many choices the "↑ N more" / "↓ N more" row says are left out (0 without one). */
export function countedChoices(screen: readonly string[]): number {
  const row = dialogRows(screen).find((line) => /^[↑↓] \d+ more/.test(line)) ?? '';
  return [...row.matchAll(/[↑↓] (\d+) more/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/**
 * Waits until `check` passes on the screen, then returns what it gives on one more read: a frame
 * can reach the emulator in several writes, so a row that is already new (the highlight, the
 * position) says nothing of the rows after it. A check that never passes fails with its own
 * message on that last read.
 */
export async function settled<T>(session: ScreenSession, check: (screen: readonly string[]) => T, what: string): Promise<T> {
  const passes = (screen: readonly string[]): boolean => {
    try {
      check(screen);
      return true;
    } catch {
      return false;
    }
  };
  await session.waitFor((s) => passes(s.screen()), what).catch(() => undefined);
  return check(session.screen());
}
