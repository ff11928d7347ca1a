// Keeps what a command prints without ever holding more than a fixed amount: the first
// `limit` characters and a rolling tail, plus counts of everything. A command that prints
// gigabytes costs the same memory as one that prints a page.

/** How much of the end of the output survives truncation. */
export const DEFAULT_TAIL_CHARS = 2_000;

export type RenderedOutput = {
  text: string;
  truncated: boolean;
  omittedChars: number;
  omittedLines: number;
};

function countNewlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

export class BoundedOutput {
  private head = '';
  private tail = '';
  private totalChars = 0;
  private totalNewlines = 0;
  private endsWithNewline = false;
  private readonly tailChars: number;

  constructor(private readonly limit: number, tailChars = DEFAULT_TAIL_CHARS) {
    // The tail may never eat the whole budget: the start of the output usually says what ran.
    this.tailChars = Math.max(0, Math.min(tailChars, Math.floor(limit / 4)));
  }

  append(chunk: string): void {
    if (chunk.length === 0) return;
    this.totalChars += chunk.length;
    this.totalNewlines += countNewlines(chunk);
    this.endsWithNewline = chunk.endsWith('\n');
    if (this.head.length < this.limit) this.head += chunk.slice(0, this.limit - this.head.length);
    this.appendToTail(chunk);
  }

  get length(): number {
    return this.totalChars;
  }

  /** Lines printed in all, a last one without its newline included. */
  get lineCount(): number {
    return this.totalNewlines + (this.totalChars > 0 && !this.endsWithNewline ? 1 : 0);
  }

  /** Characters actually held in memory; stays below about limit + 2 × tail. */
  get retainedChars(): number {
    return this.head.length + this.tail.length;
  }

  /** The last `count` lines printed so far, for progress display. */
  lastLines(count: number): string {
    const recent = this.totalChars <= this.head.length ? this.head : this.tail;
    const lines = recent.split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-count).join('\n');
  }

  render(): RenderedOutput {
    if (this.totalChars <= this.limit) {
      return { text: this.head, truncated: false, omittedChars: 0, omittedLines: 0 };
    }
    const headPart = cutAfterLastNewline(this.head.slice(0, this.limit - this.tailChars));
    const tailPart = this.tailChars === 0 ? '' : cutBeforeFirstNewline(this.tail.slice(-this.tailChars));
    const omittedChars = this.totalChars - headPart.length - tailPart.length;
    const omittedLines = this.totalNewlines - countNewlines(headPart) - countNewlines(tailPart);
    const separator = headPart.endsWith('\n') ? '\n' : '\n\n';
    const marker = `${separator}... [${omittedLines} lines (${omittedChars} characters) cut from the middle of the output] ...\n\n`;
    return {
      text: `${headPart}${marker}${tailPart}`,
      truncated: true,
      omittedChars,
      omittedLines,
    };
  }

  private appendToTail(chunk: string): void {
    if (this.tailChars === 0) return;
    const piece = chunk.length > this.tailChars ? chunk.slice(-this.tailChars) : chunk;
    this.tail += piece;
    if (this.tail.length > 2 * this.tailChars) this.tail = this.tail.slice(-this.tailChars);
  }
}

/** End the head on a line boundary when that costs at most half of it. */
function cutAfterLastNewline(text: string): string {
  const lastNewline = text.lastIndexOf('\n');
  return lastNewline >= text.length / 2 ? text.slice(0, lastNewline + 1) : text;
}

/** Start the tail on a line boundary when that costs at most half of it. */
function cutBeforeFirstNewline(text: string): string {
  const firstNewline = text.indexOf('\n');
  return firstNewline !== -1 && firstNewline < text.length / 2 ? text.slice(firstNewline + 1) : text;
}
