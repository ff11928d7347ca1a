// Applies what one turn of the loop yields to the screen and the store: streamed text becomes
// finished lines and a live rest (coalesced into frames paced by FramePacer: at most four a
// second, fewer when text arrives fast) shown by an AnswerView, tool calls wait in the live
// region until their result arrives, and history messages are appended for the next request.
import type { ReplStore } from '../../state/store.js';
import type { AnyTool } from '../../tools/Tool.js';
import type {
  AssistantMessage,
  LoopEvent,
  ProgressMessage,
  RawMessageStreamEvent,
  SystemMessage,
  TombstoneMessage,
  UserMessage,
} from '../../types/messages.js';
import { MarkdownLineStream, renderAnswer } from '../markdown/lineStream.js';
import { progressDetail } from '../format/progressDetail.js';
import { shownToolUse, toolRow, type ShownToolUse } from '../format/toolDisplay.js';
import type { AnswerBlockLines } from '../format/answerRows.js';
import { answerView, type AnswerView } from './answerView.js';
import { FramePacer } from './framePacer.js';
import { answerWidth } from './answerWidth.js';

/** A rough token count for the spinner until the API reports the real one. */
const CHARS_PER_TOKEN = 4;

export class TurnPresenter {
  private stream: MarkdownLineStream | undefined;
  private needsBullet = true;
  private pendingText = '';
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly toolUses = new Map<string, ShownToolUse>();
  /** Output tokens of finished model responses, plus the one streaming now. */
  private finishedTokens = 0;
  private currentTokens = 0;
  private retryNoteId: string | undefined;
  /** When the thinking block streaming now began, for its "Thought for Ns" line. */
  private thinkingStartedAt: number | undefined;
  private readonly answer: AnswerView;

  constructor(
    private readonly store: ReplStore,
    private readonly tools: readonly AnyTool[],
    private readonly pacer: FramePacer = new FramePacer(),
  ) {
    this.answer = answerView(store);
  }

  get outputTokens(): number {
    return this.finishedTokens + this.currentTokens;
  }

  handle(event: LoopEvent): void {
    switch (event.type) {
      case 'stream_event':
        return this.handleStreamEvent(event.event);
      case 'assistant':
        return this.handleAssistant(event);
      case 'user':
        return this.handleUser(event);
      case 'system':
        return this.handleSystem(event);
      case 'tombstone':
        return this.handleTombstone(event);
      case 'progress':
        return this.handleProgress(event);
      case 'stream_request_start':
        return;
    }
  }

  /** Commits everything still buffered; call when the turn ends, however it ends. */
  close(): void {
    this.endTextBlock();
    this.flush();
    this.clearRetryNote();
    this.answer.close();
  }

  /** Retries are transient: one footer note, replaced by the next, gone when the turn ends. */
  private handleSystem(message: SystemMessage): void {
    const state = this.store.getState();
    state.appendMessages(message);
    if (message.subtype === 'api_retry') {
      this.clearRetryNote();
      this.retryNoteId = state.notify(message.content, 'warning');
      return;
    }
    this.clearRetryNote();
    const tone = message.subtype === 'warning' ? 'warning' : 'dim';
    state.addTranscript({ kind: 'notice', text: message.content, tone });
  }

  private clearRetryNote(): void {
    if (this.retryNoteId === undefined) return;
    this.store.getState().dismissNotification(this.retryNoteId);
    this.retryNoteId = undefined;
  }

  private handleStreamEvent(event: RawMessageStreamEvent): void {
    if (event.type === 'message_start') {
      this.finishedTokens += this.currentTokens;
      this.currentTokens = event.message.usage.output_tokens;
      this.store.getState().setOutputTokens(this.outputTokens);
      return;
    }
    if (event.type === 'message_delta') {
      this.currentTokens = event.usage.output_tokens;
      this.store.getState().setOutputTokens(this.outputTokens);
      return;
    }
    if (event.type === 'content_block_start' && event.content_block.type === 'thinking') {
      this.thinkingStartedAt = Date.now();
      return;
    }
    if (event.type === 'content_block_start' && event.content_block.type === 'text') {
      this.endTextBlock();
      this.stream = new MarkdownLineStream(answerWidth);
      return;
    }
    if (event.type !== 'content_block_delta' || event.delta.type !== 'text_delta') return;
    this.stream ??= new MarkdownLineStream(answerWidth);
    this.pendingText += event.delta.text;
    this.currentTokens += Math.ceil(event.delta.text.length / CHARS_PER_TOKEN);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), this.pacer.nextInterval());
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    let finished: AnswerBlockLines | undefined;
    if (this.stream && this.pendingText !== '') {
      finished = this.finishedLines(this.stream.push(this.pendingText));
      this.pacer.drew(this.pendingText.length);
      this.pendingText = '';
    }
    this.store.getState().setOutputTokens(this.outputTokens);
    const live = this.stream && { text: this.stream.pending, preview: { lines: this.stream.preview(), startsBlock: this.needsBullet } };
    this.answer.show({ finished, live });
  }

  private endTextBlock(): void {
    if (!this.stream) return;
    this.flush();
    const finished = this.finishedLines(this.stream.finish());
    this.stream = undefined;
    this.needsBullet = true;
    this.answer.show({ finished, live: undefined });
  }

  /** The block's next finished lines; the first of a block carries its bullet. */
  private finishedLines(lines: string[]): AnswerBlockLines | undefined {
    if (lines.length === 0) return undefined;
    const block = { lines, startsBlock: this.needsBullet };
    this.needsBullet = false;
    return block;
  }

  private handleAssistant(message: AssistantMessage): void {
    this.clearRetryNote();
    const state = this.store.getState();
    state.appendMessages(message);
    this.flush();
    for (const block of message.message.content) {
      if (block.type === 'text') {
        if (message.apiError) {
          this.endTextBlock();
          state.addTranscript({ kind: 'notice', text: block.text, tone: 'error' });
          continue;
        }
        // Streamed text is already on screen; a message that arrives whole is drawn now.
        if (this.stream) this.endTextBlock();
        else this.showWhole(renderAnswer(block.text, answerWidth));
        this.needsBullet = true;
        continue;
      }
      if (block.type === 'thinking' && block.thinking.trim() !== '') {
        this.endTextBlock();
        const took = this.thinkingStartedAt === undefined ? 0 : Date.now() - this.thinkingStartedAt;
        this.thinkingStartedAt = undefined;
        state.addThinking(block.thinking, Math.max(1, Math.round(took / 1000)));
        continue;
      }
      if (block.type === 'tool_use') {
        this.endTextBlock();
        const use = shownToolUse(this.tools, block);
        this.toolUses.set(block.id, use);
        state.startToolUse({ id: block.id, title: use.title });
      }
    }
  }

  /**
   * A text block that arrived whole goes to the transcript through the store, in order with
   * what went there just before it (the prompt, a tool's result) and is not on screen yet.
   */
  private showWhole(lines: string[]): void {
    const block = this.finishedLines(lines);
    if (block) this.store.getState().addTranscript({ kind: 'assistant_lines', lines, startsBlock: block.startsBlock });
  }

  private handleUser(message: UserMessage): void {
    const state = this.store.getState();
    state.appendMessages(message);
    if (typeof message.message.content === 'string') return;
    for (const block of message.message.content) {
      if (block.type !== 'tool_result') continue;
      const use = this.toolUses.get(block.tool_use_id);
      this.toolUses.delete(block.tool_use_id);
      state.finishToolUse(block.tool_use_id);
      state.addTranscript(toolRow(use, block, message.toolUseResult));
    }
  }

  /** A running sub-agent's latest tool call goes on the line under its Agent call. */
  private handleProgress(event: ProgressMessage): void {
    const detail = progressDetail(event.data);
    if (detail !== undefined) this.store.getState().setToolUseDetail(event.toolUseID, detail);
  }

  private handleTombstone(event: TombstoneMessage): void {
    const state = this.store.getState();
    state.removeMessage(event.message.uuid);
    for (const block of event.message.message.content) {
      if (block.type !== 'tool_use') continue;
      this.toolUses.delete(block.id);
      state.finishToolUse(block.id);
    }
    this.endTextBlock();
    state.addTranscript({ kind: 'notice', text: 'The partial reply above was discarded; retrying.', tone: 'dim' });
  }
}
