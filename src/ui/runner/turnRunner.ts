// Runs the user's prompts through query(), one turn at a time. Owns the AbortController of the
// running turn; prompts typed meanwhile wait in the store's queue and run when the turn ends.
import { randomUuid } from '../../utils/random.js';
import type { PromptTurn } from '../../commands/promptInput.js';
import { contextStatus } from '../../compact/thresholds.js';
import { tokenCountWithEstimation } from '../../compact/tokens.js';
import { contextForTurn } from '../../commands/turnContext.js';
import type { CanUseToolFn } from '../../query/deps.js';
import type { CompactFn } from '../../query/manualCompact.js';
import type { Terminal } from '../../query/state.js';
import { parseTokenBudget } from '../../query/tokenBudget.js';
import { session } from '../../state/session.js';
import type { ReplStore } from '../../state/store.js';
import { toolsForMode } from '../../tools/sessionTools.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { Message, UserMessage } from '../../types/messages.js';
import { pickVerb, turnSummaryText } from '../format/spinnerLine.js';
import { errorText, noticeForTerminal } from '../format/turnEnd.js';
import type { QueryFn, ReplOptions } from '../types.js';
import { createCanUseTool } from './permissionBridge.js';
import { keepingInterruptedText } from './interruptedText.js';
import { TurnPresenter } from './turnPresenter.js';

export type TurnRunnerOptions = Pick<
  ReplOptions,
  'tools' | 'buildSystemPrompt' | 'context' | 'fallbackModel' | 'maxTurns' | 'thinking' | 'resolveInput' | 'submitHooks' | 'session'
> & { query: QueryFn; compact?: CompactFn; now?: () => number };

export class TurnRunner {
  private controller: AbortController | undefined;
  private readonly canUseTool: CanUseToolFn;
  private readonly now: () => number;
  private model: string;

  constructor(
    private readonly store: ReplStore,
    private readonly options: TurnRunnerOptions,
  ) {
    this.canUseTool = createCanUseTool(store);
    this.now = options.now ?? Date.now;
    this.model = options.context.options.model;
  }

  /** The main model the next turn uses. */
  currentModel(): string {
    return this.model;
  }

  /**
   * `/model`: the next turn (and compaction) uses this model. The session singleton follows so
   * the system prompt, sub-agents that inherit the model and /status agree with it.
   */
  setModel(model: string): void {
    this.model = model;
    session.model = model;
    if (this.store.getState().contextLeftPercent !== null) this.updateContextLeft();
  }

  /** What the footer warns about once little room is left; measured as auto-compaction does. */
  private updateContextLeft(): void {
    const state = this.store.getState();
    const tokens = tokenCountWithEstimation(messagesSinceCompaction(state.messages));
    state.setContextLeft(contextStatus(tokens, this.model).percentLeft);
  }

  /** The session's tool context with the model chosen now, for one turn or compaction. */
  private contextWithModel(): ToolUseContext {
    const base = this.options.context;
    return base.options.model === this.model ? base : { ...base, options: { ...base.options, model: this.model } };
  }

  /** Starts a turn, or queues the prompt behind the one running. */
  submit(prompt: string): void {
    if (this.controller) {
      this.store.getState().enqueuePrompt(prompt);
      return;
    }
    void this.drain(prompt);
  }

  /**
   * `/compact [instructions]`: summarise the conversation now. Scrollback stays as it is; what
   * the model is sent from here on is the boundary and the summary.
   */
  async compact(instructions: string): Promise<void> {
    const state = this.store.getState();
    if (this.controller) {
      state.notify('Wait for the turn to finish (or press Esc) before /compact.', 'warning');
      return;
    }
    const compact = this.options.compact;
    if (!compact) {
      state.addTranscript({ kind: 'notice', text: 'Compaction is not available here.', tone: 'warning' });
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    state.startRun('Compacting', this.now());
    const presenter = new TurnPresenter(this.store, this.options.tools);
    try {
      const events = compact({
        messages: messagesSinceCompaction(state.messages),
        context: { ...this.contextWithModel(), abortSignal: controller.signal },
        instructions,
        systemPrompt: await this.options.buildSystemPrompt(),
      });
      for (;;) {
        const step = await events.next();
        if (step.done) break;
        this.options.session?.recordEvent(step.value);
        presenter.handle(step.value);
      }
    } catch (error) {
      state.addTranscript({ kind: 'notice', text: `Compaction failed: ${errorText(error)}`, tone: 'error' });
    }
    presenter.close();
    this.updateContextLeft();
    state.stopRun();
    this.controller = undefined;
  }

  /** Aborts the running turn; false when there is nothing to interrupt. */
  interrupt(): boolean {
    if (!this.controller || this.controller.signal.aborted) return false;
    this.controller.abort();
    return true;
  }

  private async drain(first: string): Promise<void> {
    let prompt: string | undefined = first;
    while (prompt !== undefined) {
      const interrupted = await this.runTurn(prompt);
      if (interrupted) return this.returnQueueToDraft();
      prompt = this.store.getState().dequeuePrompt();
    }
  }

  /** After an interrupt the queued prompts go back into the prompt rather than running. */
  private returnQueueToDraft(): void {
    const state = this.store.getState();
    const queued = state.takeQueuedPrompts();
    if (queued.length === 0) return;
    const text = [state.draft.text, ...queued].filter((part) => part !== '').join('\n');
    state.setDraft({ text, cursor: text.length });
  }

  private async runTurn(prompt: string): Promise<boolean> {
    const controller = new AbortController();
    this.controller = controller;
    const startedAt = this.now();
    const state = this.store.getState();
    state.addTranscript({ kind: 'user', text: prompt });
    state.startRun(pickVerb(), startedAt);

    const presenter = new TurnPresenter(this.store, this.options.tools);
    let terminal: Terminal | undefined;
    try {
      const turn = await this.turnFor(prompt, controller.signal);
      const hooked = await this.options.submitHooks?.(turn.prompt, controller.signal);
      for (const text of hooked?.notices ?? []) state.addTranscript({ kind: 'notice', text, tone: 'warning' });
      if (hooked?.blocked !== undefined) {
        state.addTranscript({ kind: 'notice', text: hooked.blocked, tone: 'error' });
      } else {
        const prompted = userMessage(turn.prompt);
        const context = hooked?.context ?? [];
        state.appendMessages(prompted, ...context);
        this.options.session?.recordPrompt(prompted, prompt);
        for (const message of context) this.options.session?.recordEvent(message);
        terminal = await this.consume(presenter, controller.signal, turn);
      }
    } catch (error) {
      state.addTranscript({ kind: 'notice', text: `Something went wrong: ${errorText(error)}`, tone: 'error' });
    }
    presenter.close();
    this.options.session?.recordCost();

    const notice = terminal ? noticeForTerminal(terminal) : undefined;
    if (notice) state.addTranscript({ kind: 'notice', ...notice });
    state.addTranscript({
      kind: 'notice',
      text: `✻ ${turnSummaryText(this.now() - startedAt, presenter.outputTokens)}`,
      tone: 'dim',
    });
    this.updateContextLeft();
    state.stopRun();
    this.controller = undefined;
    return controller.signal.aborted;
  }

  /** A custom command's expansion (which may fail, e.g. a refused `!` command), or the text itself. */
  private async turnFor(prompt: string, signal: AbortSignal): Promise<PromptTurn> {
    const resolved = await this.options.resolveInput?.(prompt, signal);
    return resolved?.kind === 'prompt' ? resolved.turn : { prompt, allowedRules: [] };
  }

  private async consume(presenter: TurnPresenter, signal: AbortSignal, turn: PromptTurn): Promise<Terminal> {
    const { options } = this;
    const systemPrompt = await options.buildSystemPrompt();
    const abortTurn = (): void => void this.interrupt();
    const context = contextForTurn({ ...this.contextWithModel(), abortSignal: signal, abortTurn }, turn);
    const events = keepingInterruptedText(options.query({
      messages: messagesSinceCompaction(this.store.getState().messages),
      systemPrompt,
      tools: toolsForMode(options.tools, context.getPermissionContext().mode),
      canUseTool: this.canUseTool,
      context,
      source: 'repl',
      fallbackModel: options.fallbackModel,
      maxTurns: options.maxTurns,
      tokenBudget: parseTokenBudget(turn.prompt),
      ...(options.thinking ? { thinking: options.thinking } : {}),
    }));
    for (;;) {
      const step = await events.next();
      if (step.done) return step.value;
      options.session?.recordEvent(step.value);
      presenter.handle(step.value);
    }
  }
}

function userMessage(text: string): UserMessage {
  return {
    type: 'user',
    uuid: randomUuid(),
    timestamp: new Date().toISOString(),
    message: { role: 'user', content: text },
  };
}

/** After a compaction only the boundary and what follows it go to the model. */
export function messagesSinceCompaction(messages: readonly Message[]): Message[] {
  const boundary = messages.findLastIndex(
    (message) => message.type === 'system' && message.subtype === 'compact_boundary',
  );
  return boundary === -1 ? [...messages] : messages.slice(boundary);
}
