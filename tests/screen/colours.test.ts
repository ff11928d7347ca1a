// Ink's colours reach the terminal: chalk turns every colour off when any CI variable is set
// (even CI=false), so the REPL must not set one while Ink and chalk load — with CI=true in the
// environment (as in CI) and with none (a person's shell) alike.
import { describe, expect, it } from 'vitest';
import { FOOTER, openRepl } from './scenario.js';

/** An SGR sequence that turns on dim (parameter 2), then the footer's hint. */
const DIM_FOOTER = /\u001B\[(?:[0-9;]*;)?2(?:;[0-9;]*)?m\/ for commands/;

describe('colours', () => {
  it('draws the footer hint dim', async () => {
    const { session } = await openRepl([], 80, 20);
    await session.waitFor((s) => s.screen().some((line) => FOOTER.test(line)), 'the footer');
    expect(session.bytes()).toMatch(DIM_FOOTER);
  });
});
