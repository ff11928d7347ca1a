// Reads piped stdin for print mode. A shell pipe or a redirected file always ends, so Pulse
// reads it to the end. A socket inherited from a parent process may never be written or
// closed; when a prompt was given on the command line Pulse waits a few seconds for its first
// byte (a loaded machine can take that long to start writing; the reference waits 3 s too), then
// runs without it and says so.
// Files and devices such as /dev/null are read directly: building process.stdin for them
// would load Node's file streams before the first model request.
import { fstatSync, readSync } from 'node:fs';
import { isatty } from 'node:tty';

export const STDIN_LIMIT_BYTES = 10 * 1024 * 1024;
/** How long an inherited, silent stdin may delay a run that already has its prompt. */
export const SILENT_STDIN_WAIT_MS = 3_000;

export type StdinStream = NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => void };

export type StdinSource =
  | { kind: 'terminal' }
  /** A regular file or a device that is not a terminal: read synchronously to the end. */
  | { kind: 'file'; fd: number }
  | {
      kind?: 'stream';
      stream: StdinStream;
      /** True for pipes, which always reach end-of-file. */
      alwaysEnds: boolean;
    };

export function stdinIsTerminal(): boolean {
  return isatty(0);
}

export function processStdin(): StdinSource {
  if (stdinIsTerminal()) return { kind: 'terminal' };
  try {
    const stat = fstatSync(0);
    if (stat.isFile() || stat.isCharacterDevice()) return { kind: 'file', fd: 0 };
    return { stream: process.stdin, alwaysEnds: stat.isFIFO() };
  } catch {
    return { stream: process.stdin, alwaysEnds: false };
  }
}

function tooLarge(): Error {
  return new Error(`stdin is larger than ${STDIN_LIMIT_BYTES / (1024 * 1024)} MB`);
}

function textOrNothing(chunks: Buffer[]): string | undefined {
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? undefined : text;
}

function readFileToEnd(fd: number): string | undefined {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return textOrNothing(chunks);
    size += read;
    if (size > STDIN_LIMIT_BYTES) throw tooLarge();
    chunks.push(chunk.subarray(0, read));
  }
}

/**
 * Returns the text on stdin, or undefined when there is none (a terminal, or a silent
 * inherited stream while a prompt is already known). Throws past the size limit.
 */
export function readStdin(
  source: StdinSource,
  havePrompt: boolean,
  silentWaitMs = SILENT_STDIN_WAIT_MS,
): Promise<string | undefined> {
  if (source.kind === 'terminal') return Promise.resolve(undefined);
  if (source.kind === 'file') {
    try {
      return Promise.resolve(readFileToEnd(source.fd));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
  const { stream } = source;
  if (stream.isTTY) return Promise.resolve(undefined);
  const waitBriefly = havePrompt && !source.alwaysEnds;

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;

    const finish = (error?: Error): void => {
      if (timer) clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      if (error) {
        reject(error);
        return;
      }
      resolve(textOrNothing(chunks));
    };
    const onData = (chunk: Buffer | string): void => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > STDIN_LIMIT_BYTES) {
        stream.destroy?.();
        finish(tooLarge());
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => finish();
    const onError = (error: Error): void => finish(error);

    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    if (waitBriefly) {
      timer = setTimeout(() => {
        stream.destroy?.();
        process.stderr.write(
          `pulse: warning: nothing arrived on stdin in ${silentWaitMs / 1000} s; running without it (redirect stdin from /dev/null to skip the wait)\n`,
        );
        finish();
      }, silentWaitMs);
    }
  });
}

/** Piped text alone is the prompt; with a prompt argument it becomes attached context. */
export function combinePrompt(prompt: string | undefined, stdinText: string | undefined): string {
  const argument = prompt?.trim() ? prompt : undefined;
  const piped = stdinText?.replace(/\n+$/, '');
  if (argument && piped) return `${argument}\n\n<stdin>\n${piped}\n</stdin>`;
  return argument ?? piped ?? '';
}
