// `--input-format stream-json`: the protocol the official Agent SDK speaks. NDJSON lines arrive on
// stdin for as long as it stays open; user messages run as turns in order, control requests are
// answered, and everything Pulse prints goes through one line writer. The process ends when stdin
// has closed and the last turn is done (or on a signal, after the running turn's result).
import { randomUuid } from '../../utils/random.js';
import { createInterface } from 'node:readline';
import { bootstrap } from '../../bootstrap/bootstrap.js';
import { parsePermissionUpdates } from '../../permissions/updateSchema.js';
import { bootstrapOptionsFrom } from '../bootstrapOptions.js';
import type { CliOptions } from '../options.js';
import { createLineWriter, type LineWriter } from '../print/output.js';
import { openLiveSession, planHeadlessSession, sessionCwd, warnOnStderr } from '../session/openSession.js';
import type { SessionPlan } from '../session/resolveSession.js';
import type { LiveSession } from '../session/liveSession.js';
import { abortOnSignals } from '../signals.js';
import { ControlChannel } from './controlChannel.js';
import { answerHostRequest, initializeRequestSchema, type InitializeRequest } from './hostRequests.js';
import { parseInputLine, type SdkInputLine } from './inputLines.js';
import { SdkSession } from './sdkSession.js';

/** The custom prompt the host asked for: the SDK sends `[""]` to mean "no default prompt". */
function customPromptOf(request: InitializeRequest | undefined): string | undefined {
  const prompt = request?.systemPrompt;
  if (prompt === undefined) return undefined;
  return Array.isArray(prompt) ? prompt.join('\n\n') : prompt;
}

function joinAppended(...parts: Array<string | undefined>): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined && part.trim() !== '');
  return present.length === 0 ? undefined : present.join('\n\n');
}

class SdkServer {
  private session: Promise<SdkSession> | undefined;
  private live: LiveSession | undefined;
  /** Lines other than control responses are handled one at a time, in arrival order. */
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly stopWaiters: Array<() => void> = [];
  private failure: unknown;

  constructor(
    private readonly options: CliOptions,
    private readonly plan: SessionPlan,
    private readonly writer: LineWriter,
    private readonly channel: ControlChannel,
  ) {}

  /** Reads stdin until it closes, then waits for the queued turns. Rejects if Pulse cannot boot. */
  async serve(input: NodeJS.ReadableStream): Promise<void> {
    const lines = createInterface({ input, crlfDelay: Infinity });
    const closed = new Promise<void>((resolve) => lines.once('close', resolve));
    lines.on('line', (text) => this.onLine(text));
    await Promise.race([closed, this.untilStopped()]);
    lines.close();
    this.channel.close('stdin was closed, so the host can no longer answer');
    await this.chain;
    if (this.failure !== undefined) throw this.failure;
    const session = await this.session?.catch(() => undefined);
    await session?.whenIdle();
    await session?.end();
  }

  /** A signal or a closed stdout: finish the running turn's result, run nothing more. */
  stop(): void {
    this.stopped = true;
    this.stopWaiters.splice(0).forEach((resolve) => resolve());
    void this.session?.then((session) => session.stop(), () => undefined);
  }

  close(): void {
    this.live?.close();
  }

  private untilStopped(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.stopWaiters.push(resolve));
  }

  private onLine(text: string): void {
    if (this.stopped || text.trim() === '') return;
    const parsed = parseInputLine(text);
    if (!parsed.ok) {
      this.reportInputError(parsed.error);
      return;
    }
    const { line } = parsed;
    // Answers to Pulse's own requests must get through while a turn is waiting for them.
    if (line.type === 'control_response') {
      this.channel.receive(line);
      return;
    }
    if (line.type === 'keep_alive' || line.type === 'control_cancel_request') return;
    this.chain = this.chain.then(() => this.dispatch(line)).catch((error: unknown) => this.fail(error));
  }

  private async dispatch(line: Exclude<SdkInputLine, { type: 'control_response' }>): Promise<void> {
    if (line.type === 'update_environment_variables') {
      Object.assign(process.env, line.variables);
      return;
    }
    if (line.type === 'user') {
      (await this.sessionFor(undefined)).enqueue(line);
      return;
    }
    if (line.type !== 'control_request') return;
    const initialize = line.request.subtype === 'initialize' ? initializeRequestSchema().safeParse(line.request) : undefined;
    const session = await this.sessionFor(initialize?.success ? initialize.data : undefined);
    await answerHostRequest(line, session, this.channel);
  }

  /** Boots on the first line that needs the session; an initialize sent first shapes the prompt. */
  private sessionFor(initialize: InitializeRequest | undefined): Promise<SdkSession> {
    this.session ??= this.boot(initialize);
    return this.session;
  }

  private async boot(initialize: InitializeRequest | undefined): Promise<SdkSession> {
    const { options, plan } = this;
    const customPrompt = customPromptOf(initialize) ?? options.systemPrompt;
    const appendPrompt = joinAppended(options.appendSystemPrompt, initialize?.appendSystemPrompt);
    const booted = await bootstrap({
      ...bootstrapOptionsFrom(options, true),
      sessionId: plan.sessionId,
      ...(customPrompt !== undefined ? { systemPrompt: customPrompt } : {}),
      ...(appendPrompt !== undefined ? { appendSystemPrompt: appendPrompt } : {}),
    });
    const live = openLiveSession(options, booted, plan);
    live.onNotice(warnOnStderr);
    this.live = live;
    const history = live.resume();
    return new SdkSession({
      options,
      booted,
      live,
      history,
      writer: this.writer,
      channel: this.channel,
      parseUpdates: parsePermissionUpdates,
      ...(initialize ? { initialize } : {}),
    });
  }

  private reportInputError(error: string): void {
    this.writer.json({
      type: 'system',
      subtype: 'input_error',
      error,
      session_id: this.plan.sessionId,
      uuid: randomUuid(),
    });
  }

  /** Pulse could not boot (broken settings, bad flags): nothing more can be served. */
  private fail(error: unknown): void {
    this.failure ??= error;
    this.stop();
  }
}

export async function runSdk(options: CliOptions): Promise<number> {
  const plan = planHeadlessSession(options, sessionCwd());
  let server: SdkServer | undefined;
  // A reader that went away (EPIPE) ends the session quietly, like a signal without the code.
  const writer = createLineWriter(() => process.stdout, () => server?.stop());
  server = new SdkServer(options, plan, writer, new ControlChannel(writer));
  const signals = abortOnSignals(() => server.stop());
  try {
    await server.serve(process.stdin);
  } finally {
    signals.stop();
    server.close();
  }
  return signals.exitCode ?? 0;
}
