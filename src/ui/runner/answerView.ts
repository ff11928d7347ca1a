// Where the streaming answer goes, frame by frame: its finished lines and the unfinished rest.
// In the REPL the writer draws both itself (the rest in the live area's answer slot, finished
// lines printed above it as <Static> output is), so a streamed frame costs no render of Ink's
// tree; where Ink writes through its own log (ink-testing-library) they go through the store.
import type { ReplStore } from '../../state/store.js';
import { answerRows, type AnswerBlockLines } from '../format/answerRows.js';
import { liveWriter } from '../terminal/inkLog.js';

export type AnswerFrame = {
  /** Lines that are final now. */
  finished: AnswerBlockLines | undefined;
  /** The unfinished rest: its text, and its lines drawn as they will print. */
  live: { text: string; preview: AnswerBlockLines } | undefined;
};

export interface AnswerView {
  show(frame: AnswerFrame): void;
  /** The turn is over: nothing more will be shown. */
  close(): void;
}

export function answerView(store: ReplStore): AnswerView {
  const writer = liveWriter();
  return writer ? new WriterAnswerView(writer) : new StoreAnswerView(store);
}

class StoreAnswerView implements AnswerView {
  constructor(private readonly store: ReplStore) {}

  show({ finished, live }: AnswerFrame): void {
    const state = this.store.getState();
    if (finished && finished.lines.length > 0) state.addTranscript({ kind: 'assistant_lines', lines: [...finished.lines], startsBlock: finished.startsBlock });
    state.setLiveText(live?.text ?? '', live ? { lines: [...live.preview.lines], startsBlock: live.preview.startsBlock } : null);
  }

  close(): void {}
}

type Writer = NonNullable<ReturnType<typeof liveWriter>>;

class WriterAnswerView implements AnswerView {
  private preview: AnswerBlockLines | undefined;
  /** The preview's rows at the width they were laid out for: the spinner's refreshes draw them again. */
  private previewRows: { columns: number; rows: string[] } | undefined;

  constructor(private readonly writer: Writer) {
    writer.setSlot('answer', (columns) => this.rowsOfPreview(columns));
  }

  show({ finished, live }: AnswerFrame): void {
    if (!sameLines(live?.preview, this.preview)) this.previewRows = undefined;
    this.preview = live?.preview;
    if (finished && finished.lines.length > 0) this.writer.print((columns) => answerRows(finished, columns));
    else this.writer.refresh();
  }

  close(): void {
    this.preview = undefined;
    this.previewRows = undefined;
    this.writer.setSlot('answer', undefined);
    this.writer.refresh();
  }

  private rowsOfPreview(columns: number): string[] {
    if (!this.preview) return [];
    if (this.previewRows?.columns !== columns) this.previewRows = { columns, rows: answerRows(this.preview, columns) };
    return this.previewRows.rows;
  }
}

function sameLines(a: AnswerBlockLines | undefined, b: AnswerBlockLines | undefined): boolean {
  if (!a || !b) return a === b;
  return a.startsBlock === b.startsBlock && a.lines.length === b.lines.length && a.lines.every((line, index) => line === b.lines[index]);
}
