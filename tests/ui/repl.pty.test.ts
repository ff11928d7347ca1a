// One whole REPL session in a real pseudo-terminal: the built CLI against the mock API,
// streaming an answer, asking permission for a tool, and exiting with the resume hint.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPtyPulse } from '../support/ptyPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario } from './ptyHarness.js';

describe('the REPL in a pty', () => {
  it('streams, asks permission, runs the tool and exits with a resume hint', async () => {
    const { world, mock, apiEnv } = await ptyScenario({
      turns: [
        {
          content: [
            { type: 'text', text: 'I will write the file.\n' },
            { type: 'tool_use', name: 'Bash', input: { command: 'echo pulse > made.txt' } },
          ],
          chunkSize: 5,
        },
        { content: [{ type: 'text', text: 'The file is written.\n\n- made.txt holds **pulse**\n' }], chunkSize: 5 },
      ],
    });

    const session = startPtyPulse(world, { env: apiEnv });
    const { screen } = session;

    await waitFor(() => screen().includes('/ for commands'), 15_000);
    // Keys typed before Ink turns on raw mode are echoed by the terminal itself; only once the
    // prompt box shows them has Ink read them, so only then is Enter a submit.
    session.write('make the file');
    await waitFor(() => /> make the file/.test(screen()), 15_000);
    session.write('\r');

    await waitFor(() => screen().includes('Allow Bash(echo pulse > made.txt)?'), 15_000);
    expect(screen()).toContain('I will write the file.');
    session.write('\r');

    await waitFor(() => screen().includes('Worked for'), 15_000);
    expect(screen()).toContain('The file is written.');
    expect(screen()).toContain('• made.txt holds pulse');
    expect(await readFile(join(world.repo, 'made.txt'), 'utf8')).toBe('pulse\n');
    expect(mock.requests).toHaveLength(2);
    expect(mock.pairingErrors).toEqual([]);

    session.write('\u0004');
    await waitFor(session.exited, 10_000);
    expect(session.exitCode()).toBe(0);
    expect(screen()).toMatch(/pulse --resume [0-9a-f-]{36}/);
  });
});
