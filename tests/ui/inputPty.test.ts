// Pastes and shell mode in a real terminal: the built CLI turns bracketed paste on, Ink hands the
// markers and the text to the prompt as the terminal sends them, a large paste stays a
// placeholder on screen and goes whole to the model; `!` runs a command and the next request
// carries its output.
import { describe, expect, it } from 'vitest';
import { startPtyPulse } from '../support/ptyPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario } from './ptyHarness.js';

const lastUserText = (body: unknown): string => {
  const messages = (body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.filter((message) => message.role === 'user'));
};

describe('prompt input in a pty', () => {
  it('collapses a large bracketed paste, sends it whole, and runs ! commands into the context', async () => {
    const { world, mock, apiEnv } = await ptyScenario({ turns: [{ content: [{ type: 'text', text: 'Got it.\n' }] }] });
    const session = startPtyPulse(world, { env: apiEnv });
    const { screen, output } = session;

    await waitFor(() => screen().includes('/ for commands'), 15_000);
    await waitFor(() => output().includes('\u001B[?2004h'), 15_000);

    session.write('!echo from-the-shell');
    await waitFor(() => screen().includes('! echo from-the-shell'), 15_000);
    session.write('\r');
    await waitFor(() => /⎿ {2}from-the-shell/.test(screen()), 15_000);

    const pasted = Array.from({ length: 30 }, (_, line) => `pasted line ${line + 1}`).join('\r');
    session.write(`\u001B[200~${pasted}\u001B[201~`);
    await waitFor(() => screen().includes('[Pasted text #1 +29 lines]'), 15_000);
    expect(screen()).not.toContain('pasted line 12');
    expect(mock.requests).toHaveLength(0);

    session.write('\r');
    await mock.waitForRequests(1);
    const sent = lastUserText(mock.requests[0]!.body);
    expect(sent).toContain('<bash-input>echo from-the-shell</bash-input>');
    expect(sent).toContain('<bash-stdout>from-the-shell</bash-stdout>');
    expect(sent).toContain('pasted line 1\\npasted line 2\\n');
    expect(sent).toContain('pasted line 30');
    await waitFor(() => screen().includes('Got it.'), 15_000);

    session.write('\u0004');
    await waitFor(session.exited, 10_000);
    expect(session.exitCode()).toBe(0);
    // The terminal is handed back with bracketed paste off.
    expect(output().lastIndexOf('\u001B[?2004l')).toBeGreaterThan(output().lastIndexOf('\u001B[?2004h'));
  });
});
