// Turns a streaming markdown answer into finished terminal lines as soon as each source line
// ends, so the REPL can print them once (Ink <Static>) and keep the live region a line tall.
// Constructs that need their whole body before they can be drawn (tables) are held back until
// they end; fenced code is highlighted line by line. `width` is the room the lines will be drawn
// in, read as each block is laid out (tables and rules need it; prose wraps when drawn).
import { renderCodeLines } from './code.js';
import { renderMarkdown } from './renderMarkdown.js';

const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*([^`\s]*)/;
const TABLE_ROW = /^\s*\|/;

export class MarkdownLineStream {
  private partialLine = '';
  private fence: { marker: string; lang: string } | undefined;
  private tableRows: string[] = [];
  private blankPending = false;
  private emittedAny = false;

  constructor(private readonly width: () => number = () => Infinity) {}

  /** Feeds streamed text; returns the lines it finished. */
  push(text: string): string[] {
    const combined = this.partialLine + text;
    const parts = combined.split('\n');
    this.partialLine = parts.pop() ?? '';
    return parts.flatMap((line) => this.processLine(line.replace(/\r$/, '')));
  }

  /** The end of the answer: renders whatever is still held. */
  finish(): string[] {
    const rest = this.partialLine === '' ? [] : this.processLine(this.partialLine);
    this.partialLine = '';
    this.blankPending = false;
    this.fence = undefined;
    return [...rest, ...this.flushTable()];
  }

  /** Source text not yet committed: held table rows and the unfinished line. */
  get pending(): string {
    return [...this.tableRows, this.partialLine].filter((line) => line !== '').join('\n');
  }

  /**
   * The unfinished line drawn as it will be once its end arrives: after the blank line that
   * will separate it, rendered with its open `**`, `` ` `` and `~~` closed. Held table rows are
   * shown as written until the table is drawn.
   */
  preview(): string[] {
    if (this.tableRows.length > 0) return [...this.tableRows, this.partialLine].filter((line) => line !== '');
    if (this.partialLine.trim() === '' || FENCE_OPEN.test(this.partialLine) && !this.fence) return [];
    const lines = this.fence
      ? renderCodeLines(this.partialLine, this.fence.lang)
      : renderSourceLine(closeOpenMarkers(this.partialLine), this.width());
    return this.blankPending && lines.length > 0 ? ['', ...lines] : lines;
  }

  private processLine(line: string): string[] {
    if (this.fence) return this.processFencedLine(line);

    if (TABLE_ROW.test(line)) {
      this.tableRows.push(line);
      return [];
    }
    const out = this.flushTable();

    const open = FENCE_OPEN.exec(line);
    if (open) {
      this.fence = { marker: open[1] ?? '```', lang: open[2] ?? '' };
      return out;
    }
    if (line.trim() === '') {
      this.blankPending = this.emittedAny;
      return out;
    }
    return [...out, ...this.emit(renderSourceLine(line, this.width()))];
  }

  private processFencedLine(line: string): string[] {
    const fence = this.fence;
    if (!fence) return [];
    const trimmed = line.trim();
    if (trimmed.startsWith(fence.marker) && /^[`~]+$/.test(trimmed)) {
      this.fence = undefined;
      return [];
    }
    return this.emit(renderCodeLines(line, fence.lang));
  }

  private flushTable(): string[] {
    if (this.tableRows.length === 0) return [];
    const source = this.tableRows.join('\n');
    this.tableRows = [];
    return this.emit(renderMarkdown(source, this.width()));
  }

  /** One blank line at most between blocks, none before the first or after the last. */
  private emit(lines: string[]): string[] {
    if (lines.length === 0) return [];
    const out = this.blankPending ? ['', ...lines] : lines;
    this.blankPending = false;
    this.emittedAny = true;
    return out;
  }
}

/**
 * A single source line rendered on its own. Leading indentation is kept as spaces rather than
 * fed to the lexer, where four spaces would turn a nested list item into a code block.
 */
function renderSourceLine(line: string, width: number): string[] {
  const indent = /^\s*/.exec(line)?.[0].replace(/\t/g, '    ') ?? '';
  return renderMarkdown(line.trimStart(), width - indent.length).map((rendered) => indent + rendered);
}

/** Closes the inline markers a line cut mid-way leaves open, so it renders as it will end. */
function closeOpenMarkers(line: string): string {
  const ticks = line.match(/`/g)?.length ?? 0;
  if (ticks % 2 === 1) return `${line}\``;
  const outsideCode = line.replace(/`[^`]*`/g, '');
  let closed = line;
  if ((outsideCode.match(/\*\*/g)?.length ?? 0) % 2 === 1) closed += '**';
  if ((outsideCode.match(/~~/g)?.length ?? 0) % 2 === 1) closed += '~~';
  // A single `*` opens emphasis, except a list marker at the start.
  const singles = outsideCode.replace(/^\s*\* /, '').replace(/\*\*/g, '').match(/\*/g)?.length ?? 0;
  if (singles % 2 === 1) closed += '*';
  return closed;
}

/** A whole answer at once, through the same path as streaming so both look the same. */
export function renderAnswer(text: string, width?: () => number): string[] {
  const stream = new MarkdownLineStream(width);
  return [...stream.push(text), ...stream.finish()];
}
