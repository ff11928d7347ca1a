// Every line Pulse prints on stdout in print mode goes through one writer, so lines never
// interleave and a closed pipe (`pulse -p … | head -1`) ends the run quietly.

export type LineWriter = {
  line(text: string): void;
  json(value: unknown): void;
  /** True once the reader has gone away; later writes are dropped. */
  readonly closed: boolean;
};

export function createLineWriter(
  stream: NodeJS.WritableStream,
  onClosed: () => void = () => undefined,
): LineWriter {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (closed) return;
    closed = true;
    onClosed();
  });
  const line = (text: string): void => {
    if (closed) return;
    stream.write(`${text}\n`);
  };
  return {
    line,
    json: (value) => line(JSON.stringify(value)),
    get closed() {
      return closed;
    },
  };
}
