// Emoji made of several code points (a ZWJ family, a skin tone, a flag, a keycap) are one
// character to Pulse's width tables and several to a terminal that measures each code point, as
// xterm.js does: the row then runs wider than the terminal, which wraps it. The reference writes
// each such character and then moves the cursor to the column it counted, so rows hold either way.
import { describe, expect, it } from 'vitest';
import { expectNoTerminalWraps, openRepl, region, submit, TURN_END } from './scenario.js';

const LINE = 'Emoji: 👩‍💻 works with 👨‍👩‍👧‍👦 and 🏳️‍🌈, flags 🇯🇵🇫🇷, skin tones 👍🏽, keycaps 1️⃣ done.';

describe.each([25, 47] as const)('emoji sequences at %i columns', (cols) => {
  it('keep every row inside the terminal and the words after them whole', async () => {
    const { session } = await openRepl([{ content: [{ type: 'text', text: LINE }], chunkSize: 5, chunkDelayMs: 2 }], cols);
    await submit(session, 'emoji');
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    expectNoTerminalWraps(session);
    const rows = region(session.lines(), '> emoji', TURN_END).slice(1);
    const words = new Set(rows.flatMap((row) => row.split(/\s+/)));
    expect(['works', 'with', 'and', 'flags', 'skin', 'tones', 'keycaps', 'done.'].filter((word) => !words.has(word))).toEqual([]);
  });
});
