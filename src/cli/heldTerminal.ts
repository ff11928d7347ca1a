// The terminal from the moment an interactive start begins until the REPL reads it. Each Ink
// screen (the trust question, the key screen, the REPL) turns raw mode on when it mounts and off
// when it closes, and start-up runs between them. In the terminal's own cooked mode, keys typed
// meanwhile are echoed over the screen, and a Ctrl+D is an end of input: stdin ends and the REPL
// can never read a key again. So raw mode is held for the whole start, the keys typed are kept
// for the prompt, and Ctrl+C still stops start-up as the terminal would have.
const CTRL_C = '\u0003';

export type HeldTerminal = {
  /** Shows a question on its own screen: keys typed before it appeared never answer it. */
  ask<T>(screen: () => Promise<T>): Promise<T>;
  /** The REPL takes the terminal, with the keys typed during start-up; raw mode stays on for it. */
  handOver(): void;
  /** Gives the terminal back as it was, if it was not handed over (start-up failed or was refused). */
  restore(): void;
};

const NOTHING_HELD: HeldTerminal = { ask: (screen) => screen(), handOver: () => undefined, restore: () => undefined };

export function holdTerminal(stdin: NodeJS.ReadStream = process.stdin): HeldTerminal {
  if (!stdin.isTTY) return NOTHING_HELD;
  const setRawMode = stdin.setRawMode.bind(stdin);
  let typed = '';
  let held = true;
  const capture = (): void => {
    let chunk: string | null;
    while ((chunk = stdin.read() as string | null) !== null) {
      if (chunk.includes(CTRL_C)) process.kill(process.pid, 'SIGINT');
      typed += chunk;
    }
  };
  const listen = (): void => {
    stdin.on('readable', capture);
    // Holding the terminal must never be what keeps Pulse running.
    stdin.unref();
  };
  const stopListening = (): void => {
    stdin.off('readable', capture);
  };
  const letGo = (): void => {
    held = false;
    stopListening();
    // The method again, not this wrapper: from here on whoever turns raw mode off means it.
    Reflect.deleteProperty(stdin, 'setRawMode');
  };

  // Ink asks for utf8 too; strings keep a character split across reads whole.
  stdin.setEncoding('utf8');
  setRawMode(true);
  stdin.setRawMode = (mode: boolean) => (mode ? setRawMode(true) : stdin);
  listen();
  return {
    async ask(screen) {
      capture();
      stopListening();
      typed = '';
      try {
        return await screen();
      } finally {
        if (held) listen();
      }
    },
    handOver() {
      if (!held) return;
      letGo();
      if (typed !== '') stdin.unshift(typed);
      typed = '';
    },
    restore() {
      if (!held) return;
      letGo();
      setRawMode(false);
    },
  };
}
