// Print mode: bootstrap, drive query() once, print in the chosen format, exit with a code
// that says how it went (0 success, 1 error, 130 interrupted).
import { startupWaitMs } from '../../mcp/limits.js';
import { randomUuid } from '../../utils/random.js';
import { bootstrap, type Bootstrapped } from '../../bootstrap/bootstrap.js';
import { contextForTurn } from '../../commands/turnContext.js';
import type { PromptTurn } from '../../commands/promptInput.js';
import { expandMcpMentions } from '../../mcp/mentions.js';
import { compactInstructionsOf, parseSlashInput } from '../../commands/builtin.js';
import { compactNow } from '../../query/manualCompact.js';
import { query } from '../../query/query.js';
import { thinkingForBudget } from '../../query/thinking.js';
import { parseTokenBudget } from '../../query/tokenBudget.js';
import { backgroundShells } from '../../tools/bash/backgroundShells.js';
import { toolsForMode } from '../../tools/sessionTools.js';
import { session } from '../../state/session.js';
import { createUserMessage } from '../../utils/messages.js';
import { bootstrapOptionsFrom } from '../bootstrapOptions.js';
import type { CliOptions } from '../options.js';
import { cleanupTranscriptsInBackground } from '../session/backgroundCleanup.js';
import {
  openLiveSession,
  planHeadlessSession,
  sessionCwd,
  warnOnStderr,
  withSessionFiles,
} from '../session/openSession.js';
import { abortOnSignals } from '../signals.js';
import { promptBlockedLoop } from '../hooksSetup.js';
import { denyInPrintMode } from './denyInPrintMode.js';
import { endSessionHooks, promptSubmitHooks, sessionStartHooks, type HookedPrompt } from './printHooks.js';
import { hookLineObserver, observingHooks } from './hookLines.js';
import { createFormatter } from './formatters.js';
import { modelUsageReport } from './modelUsage.js';
import { createLineWriter } from './output.js';
import { buildResult } from './result.js';
import { RunTally } from './runTally.js';
import { initMessage } from './initMessage.js';
import { answeredLocally, runHeadlessCommand } from './headlessCommand.js';

export const EXIT_INTERRUPTED = 130;

/** What the run does: a turn for the model, or a local command's answer (`local`). */
type PrintTurn = { turn: PromptTurn; local?: string };

/**
 * `/name args` becomes the command's prompt; a local command that works headless answers at once,
 * and one that only works in the REPL is an error.
 */
async function turnFor(booted: Bootstrapped, prompt: string, signal: AbortSignal): Promise<PrintTurn> {
  if (compactInstructionsOf(prompt) !== undefined) return { turn: { prompt, allowedRules: [] } };
  const resolved = await booted.commands.resolve(prompt, signal);
  if (resolved.kind === 'prompt') {
    // `/usr/bin/x is slow` is not command syntax and stays a prompt; `/nosuch` is a typo, not a question.
    const slash = parseSlashInput(prompt);
    if (slash && resolved.turn.commandName === undefined) throw new Error(`Unknown command: /${slash.name}`);
    return { turn: resolved.turn };
  }
  if (resolved.command.headless !== true) throw new Error(`/${resolved.command.name} works only in the interactive session`);
  const registry = await booted.commands.registry();
  return { turn: { prompt, allowedRules: [] }, local: await runHeadlessCommand(resolved.command, resolved.args, registry.commands) };
}

export async function runPrint(options: CliOptions, prompt: string): Promise<number> {
  const startedAt = Date.now();
  const plan = planHeadlessSession(options, sessionCwd());
  // In JSON output a missing key is the run's result (is_error), as scripts reading stdout expect.
  const booted = await bootstrap({
    ...bootstrapOptionsFrom(options, true),
    sessionId: plan.sessionId,
    missingKeyIsResult: options.outputFormat !== 'text',
  });
  const live = openLiveSession(options, booted, plan);
  live.onNotice(warnOnStderr);
  const history = live.resume();
  // One answer and exit: give the MCP servers a few seconds, so their tools are offered from the
  // first request; a slower one joins later and the model is told.
  await booted.mcp.whenSettled(startupWaitMs());
  const controller = new AbortController();
  const registry = await booted.commands.registry();
  // A retired or remapped model is worth a word to a person reading text, not to a json reader.
  const modelNotice = options.outputFormat === 'text' && booted.modelNotice ? [booted.modelNotice] : [];
  for (const problem of [...booted.settingsWarnings, ...registry.errors, ...modelNotice]) process.stderr.write(`pulse: warning: ${problem}\n`);
  const { turn, local } = await turnFor(booted, prompt, controller.signal);
  const writer = createLineWriter(() => process.stdout, () => controller.abort());
  const formatter = createFormatter(options.outputFormat, writer, {
    sessionId: booted.sessionId,
    includePartialMessages: options.includePartialMessages,
    newUuid: randomUuid,
  }, options.verbose);
  const signals = abortOnSignals(() => controller.abort());
  const tally = new RunTally(startedAt);
  const prompted = createUserMessage({ content: await expandMcpMentions(turn.prompt, booted.mcp, controller.signal) });

  try {
    const hookLines = hookLineObserver(() => booted.sessionId, formatter.hookLine);
    const created = booted.createContext(controller.signal, () => controller.abort());
    const context = options.includeHookEvents ? observingHooks(created, hookLines) : created;
    // SessionStart and UserPromptSubmit run before init is printed: stream-json shows their hooks
    // first, as the reference does (SessionStart's always, the others' with --include-hook-events).
    const before = local !== undefined ? [] : await sessionStartHooks(booted, history.length > 0 ? 'resume' : 'startup', context, hookLines);
    // A local command's line is not a prompt: it is not kept for the model to read on resume.
    if (local === undefined) live.recordPrompt(prompted, prompt);
    const hooked: HookedPrompt = local !== undefined ? { after: [] } : await promptSubmitHooks(turn.prompt, context);
    formatter.start(() => initMessage(booted, registry));
    const compacting = compactInstructionsOf(prompt);
    const loop = local !== undefined ? answeredLocally() : hooked.blocked !== undefined ? promptBlockedLoop() : compacting !== undefined ? compactNow({
      messages: history,
      context: withSessionFiles(context, live),
      instructions: compacting,
      systemPrompt: await booted.buildSystemPrompt(),
      ...(live.transcriptPath ? { transcriptPath: live.transcriptPath } : {}),
    }) : query({
      messages: [...history, ...before, prompted, ...hooked.after],
      systemPrompt: await booted.buildSystemPrompt(),
      tools: toolsForMode(booted.tools, booted.getPermissionContext().mode),
      canUseTool: denyInPrintMode,
      context: withSessionFiles(contextForTurn(context, turn), live),
      source: 'print',
      fallbackModel: booted.fallbackModel,
      maxTurns: options.maxTurns,
      maxBudgetUsd: options.maxBudgetUsd,
      tokenBudget: parseTokenBudget(turn.prompt),
      thinking: thinkingForBudget(options.maxThinkingTokens),
    });
    let step = await loop.next();
    while (!step.done) {
      live.recordEvent(step.value);
      if (step.value.type === 'stream_event') cleanupTranscriptsInBackground(booted.cwd);
      tally.observe(step.value);
      formatter.event(step.value);
      step = await loop.next();
    }
    const result = buildResult({
      tally,
      terminal: step.value,
      sessionId: booted.sessionId,
      uuid: randomUuid(),
      durationMs: Date.now() - startedAt,
      durationApiMs: Math.round(session.totalAPIDurationMs),
      totalCostUsd: session.totalCostUSD,
      modelUsage: modelUsageReport(session.modelUsage),
      maxTurns: options.maxTurns,
      maxBudgetUsd: options.maxBudgetUsd,
      ...(hooked.blocked !== undefined ? { promptBlocked: hooked.blocked } : {}),
      ...(compacting !== undefined ? { resultText: 'Conversation compacted.' } : {}),
      ...(local !== undefined ? { resultText: local } : {}),
    });
    live.recordCost();
    if (writer.closed) return 0;
    formatter.finish(result);
    if (signals.exitCode !== undefined) return signals.exitCode;
    if (controller.signal.aborted) return EXIT_INTERRUPTED;
    return result.is_error ? 1 : 0;
  } finally {
    signals.stop();
    await endSessionHooks(booted, 'other');
    live.close();
    await booted.mcp.close();
    // Print mode answers once and exits: nothing it started in the background outlives the result.
    await backgroundShells.stopAll();
  }
}
