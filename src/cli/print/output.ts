// Every line Pulse prints on stdout in print mode goes through one writer, so lines never
// interleave and a closed pipe (`pulse -p … | head -1`) ends the run quietly. The stream is
// opened on the first line: building process.stdout costs a millisecond or more, and print mode
// has nothing to say before the model answers.

export type LineWriter = {
  line(text: string): void;
  json(value: unknown): void;
  /** True once the reader has gone away; later writes are dropped. */
  readonly closed: boolean;
};

export function createLineWriter(
  openStream: () => NodeJS.WritableStream,
  onClosed: () => void = () => undefined,
): LineWriter {
  let closed = false;
  let stream: NodeJS.WritableStream | undefined;
  const opened = (): NodeJS.WritableStream => {
    if (stream) return stream;
    stream = openStream();
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      if (closed) return;
      closed = true;
      onClosed();
    });
    return stream;
  };
  const line = (text: string): void => {
    if (closed) return;
    opened().write(`${text}\n`);
  };
  return {
    line,
    json: (value) => line(JSON.stringify(value)),
    get closed() {
      return closed;
    },
  };
}
