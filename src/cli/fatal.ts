// The last line of defence: anything that escapes becomes one `pulse: error: …` line on stderr.
// Stacks are for developers and appear only with PULSE_DEBUG=1.

export function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
  return `pulse: error: ${firstLine.replace(/^error:\s*/i, '').trim()}`;
}

export function reportFatal(error: unknown): void {
  process.stderr.write(`${errorLine(error)}\n`);
  if (process.env.PULSE_DEBUG === '1' && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
}
