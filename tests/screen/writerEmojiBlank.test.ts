// An emoji sequence a terminal draws narrower than the row counts it (a keycap or a VS16 heart:
// 2 columns counted, 1 drawn by xterm.js) leaves the counted cell after it as it was: a row that
// had a letter there keeps it ("1️⃣d"). A fresh draw of the same row shows a blank there.
import { expect, it } from 'vitest';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { screenText, terminal, written } from './emulator.js';

async function firstRow(frames: readonly string[]): Promise<string> {
  const screen = terminal(30, 5);
  const log = new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: 30, rows: 5 });
  for (const frame of frames) log.render(`${frame}\n`);
  await written(screen, '');
  const row = screenText(screen).split('\n')[0] ?? '';
  screen.dispose();
  return row;
}

it.each(['1️⃣', '❤️', '👍🏽', '👨‍👩‍👧‍👦'])('%s over a row of letters looks as a fresh draw of it', async (sequence) => {
  expect(await firstRow(['abcdefghijklmnop', `ab${sequence} fghijklmnop`])).toBe(await firstRow([`ab${sequence} fghijklmnop`]));
});
