// The built CLI in a real pseudo-terminal, for the REPL's end-to-end tests: what it drew (escape
// sequences removed), a way to type, and how it ended. Every one started is killed by
// `killPtyPulses()` (call it in afterEach).
import { spawn, type IPty } from '@lydell/node-pty';
import { PULSE_BIN, type PulseWorld } from './runPulse.js';

// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007]*\u0007|[=>])/g;

export type PtyPulse = {
  /** Everything drawn so far, as text. */
  screen(): string;
  /** The raw bytes written to the terminal, escape sequences included. */
  output(): string;
  write(text: string): void;
  /** Undefined while Pulse runs. */
  exitCode(): number | undefined;
  exited(): boolean;
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

const running: IPty[] = [];

export function startPtyPulse(world: PulseWorld, options: PtyPulseOptions = {}): PtyPulse {
  let output = '';
  let code: number | undefined;
  const pty = spawn(process.execPath, [PULSE_BIN, ...(options.args ?? [])], {
    name: 'xterm-256color',
    cols: options.cols ?? 100,
    rows: options.rows ?? 40,
    cwd: options.cwd ?? world.repo,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: world.home,
      PULSE_CONFIG_DIR: world.configDir,
      TERM: 'xterm-256color',
      ...options.env,
    },
  });
  running.push(pty);
  pty.onData((data) => (output += data));
  pty.onExit(({ exitCode }) => (code = exitCode));
  return {
    screen: () => output.replace(ESCAPES, ''),
    output: () => output,
    write: (text) => pty.write(text),
    exitCode: () => code,
    exited: () => code !== undefined,
  };
}

export function killPtyPulses(): void {
  for (const pty of running.splice(0)) pty.kill();
}
