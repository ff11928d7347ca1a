// The REPL's ground truth: the built CLI in a real pseudo-terminal, every byte it writes fed into
// a real terminal emulator (xterm.js, headless), so tests read what a person would see — the
// screen and the scrollback above it — rather than the bytes or Ink's idea of a frame.
import { spawn, type IPty } from '@lydell/node-pty';
import unicode11 from '@xterm/addon-unicode11';
import xterm from '@xterm/headless';
import { PULSE_BIN, worldEnv, type PulseWorld } from '../support/runPulse.js';
import { looks } from './emulator.js';

const { Terminal } = xterm;
type XTerm = InstanceType<typeof Terminal>;

export type ScreenOptions = {
  cols: number;
  rows?: number;
  args?: string[];
  /** Added to the world's PATH, HOME, PULSE_CONFIG_DIR and TERM; ANTHROPIC_* go here. */
  env?: Record<string, string>;
  /** What the shell printed in the terminal before Pulse started. */
  before?: string;
};

export type ScreenSession = {
  /** The visible rows, trailing spaces trimmed. */
  screen(): string[];
  /** Scrollback and screen, top to bottom, with rows the terminal wrapped joined into one line. */
  lines(): string[];
  /** Scrollback and screen as the terminal's rows, each with whether it continues the row above. */
  rows(): Array<{ text: string; wrapped: boolean }>;
  /** Everything Pulse wrote, escape sequences included. */
  bytes(): string;
  /** Resolves once the emulator has parsed everything written so far and `check` holds. */
  waitFor(check: (session: ScreenSession) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves once the text shows on the visible screen. */
  waitForText(text: string | RegExp, timeoutMs?: number): Promise<void>;
  write(keys: string): void;
  /** Writes straight into the emulator, as another program sharing the terminal would. */
  inject(text: string): void;
  /** Display columns at which `char` sits in a row of the buffer (wide characters take two). */
  columnsOf(rowIndex: number, char: string): number[];
  /** The visible rows, each cell as it looks (its character and rendition: `looks` in emulator.ts). */
  styledScreen(): string[];
  /** The visible cells drawn in inverse video (the prompt's cursor), as screen row and column. */
  inverseCells(): Array<{ row: number; col: number }>;
  /** Resizes once the emulator has caught up, as a terminal window would between two writes. */
  resize(cols: number, rows?: number): Promise<void>;
  /**
   * Resizes when Pulse's output from now on first reaches `after`: the emulator reads the output
   * up to the end of it, the window resizes, and the emulator reads the rest at the new size, as a
   * terminal does when its window is resized while a write is still in the pty. Resolves once resized.
   */
  resizeAmid(after: string, cols: number, rows?: number): Promise<void>;
  cols(): number;
  exitCode(): number | undefined;
  /** The process id of the Pulse under the pty, to signal it as a crash would. */
  pid(): number;
  kill(): void;
};

const running: ScreenSession[] = [];

export function startScreen(world: PulseWorld, options: ScreenOptions): ScreenSession {
  const rows = options.rows ?? 30;
  const term: XTerm = new Terminal({ cols: options.cols, rows, scrollback: 10_000, allowProposedApi: true });
  // Emoji take two columns, as in every current terminal (xterm.js defaults to Unicode 6 widths).
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = '11';
  if (options.before) term.write(options.before);
  let written = '';
  let pendingWrites = 0;
  let code: number | undefined;
  const pty: IPty = spawn(process.execPath, [PULSE_BIN, ...(options.args ?? [])], {
    name: 'xterm-256color',
    cols: options.cols,
    rows,
    cwd: world.repo,
    env: {
      ...worldEnv(world),
      TERM: 'xterm-256color',
      ...options.env,
    },
  });
  const feed = (data: string, then?: () => void): void => {
    pendingWrites++;
    term.write(data, () => {
      pendingWrites--;
      then?.();
    });
  };
  let amid: { after: string; from: number; cols: number; rows: number; resized: () => void } | undefined;
  /** Output that came while a resize amid a write waits for the emulator to read up to it. */
  let afterResize: string[] | undefined;
  pty.onData((data) => {
    const from = written.length;
    written += data;
    if (afterResize) {
      afterResize.push(data);
      return;
    }
    const at = amid ? written.indexOf(amid.after, amid.from) : -1;
    if (!amid || at < 0) {
      feed(data);
      return;
    }
    const { after, cols, rows: newRows, resized } = amid;
    amid = undefined;
    const cut = at + after.length - from;
    afterResize = [data.slice(cut)];
    // The resize is pending too: nothing is read as settled before the rest is parsed.
    pendingWrites++;
    feed(data.slice(0, cut), () => {
      term.resize(cols, newRows);
      pty.resize(cols, newRows);
      for (const rest of afterResize ?? []) feed(rest);
      afterResize = undefined;
      pendingWrites--;
      resized();
    });
  });
  pty.onExit(({ exitCode }) => (code = exitCode));

  const bufferRows = (): Array<{ text: string; wrapped: boolean }> => {
    const buffer = term.buffer.active;
    const out: Array<{ text: string; wrapped: boolean }> = [];
    for (let index = 0; index < buffer.length; index++) {
      const line = buffer.getLine(index);
      if (line) out.push({ text: line.translateToString(true), wrapped: line.isWrapped });
    }
    return out;
  };

  const session: ScreenSession = {
    screen() {
      const buffer = term.buffer.active;
      const out: string[] = [];
      for (let row = 0; row < term.rows; row++) out.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
      return out;
    },
    lines() {
      const out: string[] = [];
      for (const row of bufferRows()) {
        if (row.wrapped && out.length > 0) out[out.length - 1] += row.text;
        else out.push(row.text);
      }
      while (out.length > 0 && out.at(-1) === '') out.pop();
      return out;
    },
    rows: bufferRows,
    bytes: () => written,
    async waitFor(check, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (pendingWrites === 0 && check(session)) return;
        if (code !== undefined && pendingWrites === 0 && !check(session)) {
          throw new Error(`pulse exited (${code}) before ${what}\n${session.screen().join('\n')}`);
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n--- screen ---\n${session.screen().join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    waitForText(text, timeoutMs) {
      const matches = (line: string): boolean => (typeof text === 'string' ? line.includes(text) : text.test(line));
      return session.waitFor((s) => s.screen().some(matches), `"${String(text)}" on screen`, timeoutMs);
    },
    write: (keys) => pty.write(keys),
    inject(text) {
      pendingWrites++;
      term.write(text, () => pendingWrites--);
    },
    columnsOf(rowIndex, char) {
      const line = term.buffer.active.getLine(rowIndex);
      const out: number[] = [];
      for (let x = 0; line && x < term.cols; x++) if (line.getCell(x)?.getChars() === char) out.push(x);
      return out;
    },
    styledScreen: () => looks(term),
    inverseCells() {
      const buffer = term.buffer.active;
      const out: Array<{ row: number; col: number }> = [];
      for (let row = 0; row < term.rows; row++) {
        const line = buffer.getLine(buffer.viewportY + row);
        for (let col = 0; line && col < term.cols; col++) if (line.getCell(col)?.isInverse()) out.push({ row, col });
      }
      return out;
    },
    async resize(cols, newRows = term.rows) {
      await new Promise<void>((resolve) => term.write('', resolve));
      term.resize(cols, newRows);
      pty.resize(cols, newRows);
    },
    resizeAmid(after, cols, newRows = term.rows) {
      return new Promise<void>((resized) => (amid = { after, from: written.length, cols, rows: newRows, resized }));
    },
    cols: () => term.cols,
    exitCode: () => code,
    pid: () => pty.pid,
    kill() {
      if (code === undefined) pty.kill();
      term.dispose();
    },
  };
  running.push(session);
  return session;
}

export function killScreens(): void {
  for (const session of running.splice(0)) session.kill();
}
