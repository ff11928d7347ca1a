// One user message from the host, run as one turn: the same loop, formatter, tally and result as
// print mode, plus the transcript and the running history the next message continues from.
import { randomUuid } from '../../utils/random.js';
import type { ThinkingConfig } from '../../api/types.js';
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
import { contextForTurn } from '../../commands/turnContext.js';
import type { PromptTurn } from '../../commands/promptInput.js';
import { compactInstructionsOf } from '../../commands/builtin.js';
import type { CanUseToolFn } from '../../query/deps.js';
import { compactNow } from '../../query/manualCompact.js';
import { query } from '../../query/query.js';
import { parseTokenBudget } from '../../query/tokenBudget.js';
import type { Terminal } from '../../query/state.js';
import { session } from '../../state/session.js';
import { toolsForMode } from '../../tools/sessionTools.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { ContentBlockParam, LoopEvent, Message, UserMessage } from '../../types/messages.js';
import { createUserMessage } from '../../utils/messages.js';
import { hookSiteFor, runPromptSubmitHooks } from '../hooksSetup.js';
import type { CliOptions } from '../options.js';
import type { PrintFormatter } from '../print/formatters.js';
import { modelUsageReport } from '../print/modelUsage.js';
import { buildResult } from '../print/result.js';
import { RunTally } from '../print/runTally.js';
import type { SdkInit, SdkResult } from '../print/sdkTypes.js';
import { runHeadlessCommand } from '../print/headlessCommand.js';
import { cleanupTranscriptsInBackground } from '../session/backgroundCleanup.js';
import type { LiveSession } from '../session/liveSession.js';
import { withSessionFiles } from '../session/openSession.js';
import type { SdkUserLine } from './inputLines.js';

export type SdkTurnDeps = {
  booted: Bootstrapped;
  live: LiveSession;
  options: CliOptions;
  formatter: PrintFormatter;
  canUseTool: CanUseToolFn;
  init: () => SdkInit;
  /** Called right after the turn's init line: the host hears the session is busy. */
  onStart: () => void;
  thinking: () => ThinkingConfig | undefined;
  /** Adds what the SDK contributes to a turn's context (host hook callbacks). */
  decorateContext: (context: ToolUseContext) => ToolUseContext;
  /** SessionStart's context (the hooks ran before the first turn), for the first prompt only. */
  takeSessionStartContext: () => UserMessage[];
};

function warn(notices: readonly string[]): void {
  // stderr reaches the host's debug output without disturbing the protocol on stdout.
  for (const notice of notices) process.stderr.write(`pulse: warning: ${notice}\n`);
}

/** The text a picker shows for the prompt, and what slash commands are matched against. */
export function promptText(content: string | ReadonlyArray<{ type: string }>): string {
  if (typeof content === 'string') return content;
  return content
    .flatMap((block) => (block.type === 'text' && 'text' in block && typeof block.text === 'string' ? [block.text] : []))
    .join('\n');
}

/** After a compaction only the boundary and what follows it are kept and sent. */
function sinceCompaction(messages: readonly Message[]): Message[] {
  const boundary = messages.findLastIndex((message) => message.type === 'system' && message.subtype === 'compact_boundary');
  return boundary === -1 ? [...messages] : messages.slice(boundary);
}

/** History as the loop's events change it: messages are added, tombstones take one back. */
function applyEvent(history: Message[], event: LoopEvent): void {
  // What precedes a compact boundary is never sent again, so it is not kept either.
  if (event.type === 'system' && event.subtype === 'compact_boundary') history.length = 0;
  if (event.type === 'user' || event.type === 'assistant' || event.type === 'system') history.push(event);
  if (event.type !== 'tombstone') return;
  const index = history.findLastIndex((message) => message.uuid === event.message.uuid);
  if (index !== -1) history.splice(index, 1);
}

/**
 * A string prompt may be a slash command; block content is sent as it is. A local command that
 * works headless answers at once (`answered`: what it printed).
 */
async function turnFor(deps: SdkTurnDeps, line: SdkUserLine, signal: AbortSignal): Promise<PromptTurn | Error | { answered: string }> {
  const { content } = line.message;
  if (typeof content !== 'string') return { prompt: '', allowedRules: [] };
  const resolved = await deps.booted.commands.resolve(content, signal);
  if (resolved.kind === 'prompt') return resolved.turn;
  if (resolved.command.headless !== true) return new Error(`/${resolved.command.name} works only in the interactive session`);
  const { commands } = await deps.booted.commands.registry();
  return { answered: await runHeadlessCommand(resolved.command, resolved.args, commands) };
}

function resultFor(
  deps: SdkTurnDeps,
  tally: RunTally,
  terminal: Terminal,
  startedAt: number,
  apiStartMs: number,
  resultText?: string,
): SdkResult {
  return buildResult({
    ...(resultText !== undefined ? { resultText } : {}),
    tally,
    terminal,
    sessionId: deps.live.sessionId,
    uuid: randomUuid(),
    durationMs: Date.now() - startedAt,
    durationApiMs: Math.round(session.totalAPIDurationMs - apiStartMs),
    totalCostUsd: session.totalCostUSD,
    modelUsage: modelUsageReport(session.modelUsage),
    ...(deps.options.maxTurns !== undefined ? { maxTurns: deps.options.maxTurns } : {}),
    ...(deps.options.maxBudgetUsd !== undefined ? { maxBudgetUsd: deps.options.maxBudgetUsd } : {}),
  });
}

/** Runs the turn to its result line and returns the history to continue from. */
export async function runSdkTurn(
  deps: SdkTurnDeps,
  history: readonly Message[],
  line: SdkUserLine,
  controller: AbortController,
): Promise<Message[]> {
  const startedAt = Date.now();
  const apiStartMs = session.totalAPIDurationMs;
  const tally = new RunTally();
  const next = sinceCompaction(history);
  // The init line comes once the prompt's hooks have run, as the reference orders them.
  const begin = (): void => {
    deps.formatter.start(deps.init);
    deps.onStart();
  };
  // `/compact [instructions]` summarises the conversation instead of sending a prompt.
  const compacting = typeof line.message.content === 'string' ? compactInstructionsOf(line.message.content) : undefined;
  const before = [...next];
  const turn =
    compacting !== undefined ? { prompt: String(line.message.content), allowedRules: [] } : await turnFor(deps, line, controller.signal);
  if (turn instanceof Error) {
    begin();
    deps.formatter.finish(resultFor(deps, tally, { reason: 'model_error', error: turn }, startedAt, apiStartMs));
    return next;
  }
  if ('answered' in turn) {
    begin();
    deps.formatter.finish(resultFor(deps, tally, { reason: 'completed' }, startedAt, apiStartMs, turn.answered));
    return next;
  }
  // Block content (images, documents) goes to the API as the host wrote it; the API checks blocks.
  const content: string | ContentBlockParam[] =
    typeof line.message.content === 'string' ? turn.prompt : (line.message.content as unknown as ContentBlockParam[]);
  // The host's uuid is kept (it names the message in later requests) unless it is already taken.
  const reusable = line.uuid !== undefined && !history.some((message) => message.uuid === line.uuid);
  const prompted = createUserMessage({ content }, reusable && line.uuid ? line.uuid : randomUuid());
  const base = contextForTurn(deps.booted.createContext(controller.signal), turn);
  const context = deps.decorateContext({ ...withSessionFiles(base, deps.live), abortTurn: () => controller.abort() });
  // SessionStart's context goes before the first prompt, as in print mode.
  for (const message of deps.takeSessionStartContext()) {
    deps.live.recordEvent(message);
    next.push(message);
  }
  // A prompt a UserPromptSubmit hook refuses never joins the conversation.
  const hooked = await runPromptSubmitHooks(context.hooks, promptText(line.message.content), hookSiteFor(context));
  warn(hooked.notices);
  begin();
  if (hooked.blocked !== undefined) {
    deps.formatter.finish(resultFor(deps, tally, { reason: 'model_error', error: new Error(hooked.blocked) }, startedAt, apiStartMs));
    return next;
  }
  deps.live.recordPrompt(prompted, promptText(line.message.content));
  next.push(prompted);
  for (const message of hooked.context) {
    deps.live.recordEvent(message);
    next.push(message);
  }
  const thinking = deps.thinking();
  const loop = compacting !== undefined ? compactNow({
    messages: before,
    context,
    instructions: compacting,
    systemPrompt: await deps.booted.buildSystemPrompt(),
    ...(deps.live.transcriptPath ? { transcriptPath: deps.live.transcriptPath } : {}),
  }) : query({
    messages: [...next],
    systemPrompt: await deps.booted.buildSystemPrompt(),
    tools: toolsForMode(deps.booted.tools, deps.booted.getPermissionContext().mode),
    canUseTool: deps.canUseTool,
    context,
    source: 'sdk',
    fallbackModel: deps.booted.fallbackModel,
    maxTurns: deps.options.maxTurns,
    maxBudgetUsd: deps.options.maxBudgetUsd,
    tokenBudget: parseTokenBudget(promptText(line.message.content)),
    ...(thinking ? { thinking } : {}),
  });
  let terminal: Terminal;
  try {
    let step = await loop.next();
    while (!step.done) {
      deps.live.recordEvent(step.value);
      if (step.value.type === 'stream_event') cleanupTranscriptsInBackground(deps.booted.cwd);
      applyEvent(next, step.value);
      tally.observe(step.value);
      deps.formatter.event(step.value);
      step = await loop.next();
    }
    terminal = step.value;
  } catch (error) {
    terminal = { reason: 'model_error', error };
  }
  deps.live.recordCost();
  deps.formatter.finish(resultFor(deps, tally, terminal, startedAt, apiStartMs, compacting !== undefined ? 'Conversation compacted.' : undefined));
  return next;
}
