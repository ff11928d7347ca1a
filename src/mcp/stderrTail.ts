// Keeps the last few lines a server wrote to stderr, so a failure can say what the server said.
import type { Stream } from 'node:stream';

const MAX_LINES = 20;
const MAX_CHARS = 4000;

export class StderrTail {
  private text = '';

  attach(stream: Stream | null): void {
    stream?.on('data', (chunk: Buffer | string) => this.append(chunk.toString()));
  }

  append(chunk: string): void {
    this.text = (this.text + chunk).slice(-MAX_CHARS * 2);
  }

  /** The last lines, trimmed, or '' when the server said nothing. */
  lines(): string {
    const lines = this.text.replace(/\s+$/, '').split('\n').slice(-MAX_LINES).join('\n');
    return lines.length > MAX_CHARS ? lines.slice(-MAX_CHARS) : lines;
  }
}
