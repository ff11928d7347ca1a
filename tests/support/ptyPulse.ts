// The built CLI in a real pseudo-terminal, for the REPL's end-to-end tests: what a terminal
// shows of what it drew (every byte goes through xterm.js), a way to type, and how it ended.
// Every one started is killed by `killPtyPulses()` (call it in afterEach).
import { spawn, type IPty } from '@lydell/node-pty';
import unicode11 from '@xterm/addon-unicode11';
import xterm from '@xterm/headless';
import { PULSE_BIN, worldEnv, type PulseWorld } from './runPulse.js';

export type PtyPulse = {
  /** The terminal's scrollback and screen as text, rows it wrapped joined. */
  screen(): string;
  /** The raw bytes written to the terminal, escape sequences included. */
  output(): string;
  write(text: string): void;
  /** Undefined while Pulse runs. */
  exitCode(): number | undefined;
  exited(): boolean;
  /** Pulse's pid, and a signal to it, as a closing terminal or `kill` would send. */
  pid: number;
  kill(signal: NodeJS.Signals): void;
};

export type PtyPulseOptions = {
  args?: string[];
  /** Added to the world's PATH, HOME, PULSE_CONFIG_DIR and TERM; ANTHROPIC_* go here. */
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  /** Where Pulse starts; the world's repo unless given. */
  cwd?: string;
};

const running: Array<{ pty: IPty; exited: Promise<void> }> = [];

export function startPtyPulse(world: PulseWorld, options: PtyPulseOptions = {}): PtyPulse {
  let output = '';
  let code: number | undefined;
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 40;
  const term = new xterm.Terminal({ cols, rows, scrollback: 10_000, allowProposedApi: true });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = '11';
  const pty = spawn(process.execPath, [PULSE_BIN, ...(options.args ?? [])], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd ?? world.repo,
    env: {
      ...worldEnv(world),
      TERM: 'xterm-256color',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => pty.onExit(() => resolve()));
  running.push({ pty, exited });
  pty.onData((data) => {
    output += data;
    term.write(data);
  });
  pty.onExit(({ exitCode }) => (code = exitCode));
  return {
    screen: () => terminalText(term),
    output: () => output,
    write: (text) => pty.write(text),
    exitCode: () => code,
    exited: () => code !== undefined,
    pid: pty.pid,
    kill: (signal) => process.kill(pty.pid, signal),
  };
}

/** Kills every Pulse started and waits (5 s at most) until each has gone, so a test does not remove
 * the temp folders under a Pulse that is still writing its transcript. */
export async function killPtyPulses(): Promise<void> {
  const stopping = running.splice(0);
  for (const { pty } of stopping) pty.kill();
  await Promise.race([Promise.all(stopping.map(({ exited }) => exited)), new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

function terminalText(term: InstanceType<typeof xterm.Terminal>): string {
  const buffer = term.buffer.active;
  const lines: string[] = [];
  for (let index = 0; index < buffer.length; index++) {
    const line = buffer.getLine(index);
    if (!line) continue;
    const text = line.translateToString(true);
    if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  return lines.join('\n');
}
