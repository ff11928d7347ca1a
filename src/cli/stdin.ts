// Reads piped stdin for print mode. A shell pipe or a redirected file always ends, so Pulse
// reads it to the end. A socket inherited from a parent process may never be written or
// closed; when a prompt was given on the command line Pulse waits only briefly for it.
import { fstatSync } from 'node:fs';

export const STDIN_LIMIT_BYTES = 10 * 1024 * 1024;
/** How long an inherited, silent stdin may delay a run that already has its prompt. */
export const SILENT_STDIN_WAIT_MS = 100;

export type StdinSource = {
  stream: NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => void };
  /** True for pipes and files, which always reach end-of-file. */
  alwaysEnds: boolean;
};

export function processStdin(): StdinSource {
  let alwaysEnds = false;
  try {
    const stat = fstatSync(0);
    alwaysEnds = stat.isFIFO() || stat.isFile() || stat.isCharacterDevice();
  } catch {
    alwaysEnds = false;
  }
  return { stream: process.stdin, alwaysEnds };
}

/**
 * Returns the text on stdin, or undefined when there is none (a terminal, or a silent
 * inherited stream while a prompt is already known). Throws past the size limit.
 */
export function readStdin(source: StdinSource, havePrompt: boolean): Promise<string | undefined> {
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
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text.trim() === '' ? undefined : text);
    };
    const onData = (chunk: Buffer | string): void => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > STDIN_LIMIT_BYTES) {
        stream.destroy?.();
        finish(new Error(`stdin is larger than ${STDIN_LIMIT_BYTES / (1024 * 1024)} MB`));
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
        finish();
      }, SILENT_STDIN_WAIT_MS);
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
