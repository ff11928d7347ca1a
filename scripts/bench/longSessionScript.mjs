// What the long-session benchmark's model does and the tools it calls: each round a Read of a
// generated file or an in-process Echo whose output size varies. Two profiles:
// - compaction: files of 12–90 KB and Echo of 1–160 KB (spilled over 30 KB), answered by a
//   scripted in-process model whose input_tokens are the request's characters / 4, so the
//   context layers and auto-compaction fire as they would against the API;
// - no-compaction: files of 4–16 KB and Echo of 1–20 KB (about 10 KB a round, so about 10 MB
//   of history by round 1,000), answered over HTTP by the mock API (real SDK client, realistic
//   token counts) with a context window large enough that nothing is ever compacted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROFILES = {
  compaction: {
    files: 40,
    fileLines: (n) => 200 + ((n * 137) % 1300),
    echoSizes: [1_000, 4_000, 12_000, 25_000, 40_000, 60_000, 90_000, 160_000],
  },
  'no-compaction': {
    // One file per Read of a 1,000-round session: a file read again unchanged goes as a stub.
    files: 500,
    fileLines: (n) => 60 + ((n * 37) % 180),
    echoSizes: [1_000, 3_000, 6_000, 9_000, 12_000, 15_000, 18_000, 20_000],
  },
};

/** Deterministic sizes, spread over the profile's range. */
export function echoSize(profile, round) {
  const sizes = PROFILES[profile].echoSizes;
  return sizes[(round * 7) % sizes.length];
}

export function generateFiles(dir, profile) {
  mkdirSync(dir, { recursive: true });
  const { files, fileLines } = PROFILES[profile];
  return Array.from({ length: files }, (_, n) => {
    const body = Array.from({ length: fileLines(n) }, (_, i) => `export const value_${n}_${i} = ${i * 31 + n}; // generated line ${i}`);
    const path = join(dir, `module${n}.ts`);
    writeFileSync(path, `${body.join('\n')}\n`);
    return path;
  });
}

/** The tool call of a round: a Read on even rounds, an Echo on odd ones. */
export function toolCallFor(profile, round, files) {
  const id = `toolu_bench_${round}`;
  if (round % 2 === 0) return { type: 'tool_use', id, name: 'Read', input: { file_path: files[(round / 2) % files.length] } };
  return { type: 'tool_use', id, name: 'Echo', input: { round, size: echoSize(profile, round) } };
}

/** The prompt that starts a session; the mock reads how many rounds to run from it. */
export const promptFor = (rounds) => `Read and echo things for ${rounds} rounds.`;

/**
 * The mock API's turn for the no-compaction profile: the round is the number of tool results
 * in the request, so every session (the warm-up and each measured one) is scripted alike.
 */
export function mockTurnFor(files) {
  return (request) => {
    const messages = request.body.messages ?? [];
    const rounds = Number(/for (\d+) rounds/.exec(JSON.stringify(messages[0]?.content ?? ''))?.[1] ?? 0);
    let done = 0;
    for (const message of messages) {
      if (message.role === 'user' && Array.isArray(message.content)) done += message.content.filter((block) => block.type === 'tool_result').length;
    }
    if (done >= rounds) return { content: [{ type: 'text', text: 'All rounds done.' }] };
    return { content: [toolCallFor('no-compaction', done + 1, files)] };
  };
}

/** Time and CPU spent inside a tool, collected into `clock` (the loop's overhead excludes it). */
export function timedTool(tool, clock) {
  return {
    ...tool,
    call: async function* (input, ctx) {
      clock.phase?.('toolStart');
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        return yield* tool.call(input, ctx);
      } finally {
        clock.phase?.('toolEnd');
        clock.spent += performance.now() - started;
        const used = process.cpuUsage(cpu);
        clock.user += used.user / 1000;
        clock.system += used.system / 1000;
      }
    },
  };
}

export function echoTool(z, clock) {
  return timedTool(
    {
      name: 'Echo',
      inputSchema: z.object({ round: z.number(), size: z.number() }),
      description: () => 'Prints text of the requested size',
      prompt: () => 'Prints text of the requested size.',
      isEnabled: () => true,
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      checkPermissions: async () => ({ behavior: 'allow' }),
      call: async function* (input) {
        const line = `echo output for round ${input.round}: the quick brown fox jumps over the lazy dog\n`;
        return { data: line.repeat(Math.ceil(input.size / line.length)).slice(0, input.size) };
      },
      toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output }),
      maxResultSizeChars: 30_000,
      userFacingName: () => 'Echo',
    },
    clock,
  );
}

/** A usage record in the SDK's full shape, as the API reports it. */
function usage(inputTokens, outputTokens) {
  return {
    cache_creation: null,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    inference_geo: null,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  };
}

/** The assistant message a scripted model yields for one block, in the loop's shape. */
export function scriptedReply({ uuid, id, model, block, inputTokens, outputTokens }) {
  return {
    type: 'assistant',
    uuid,
    timestamp: new Date().toISOString(),
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [block],
      stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usage(inputTokens, outputTokens),
    },
  };
}

function charsOf(messages) {
  let chars = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') chars += message.content.length;
    else for (const block of message.content) chars += JSON.stringify(block).length;
  }
  return chars;
}

/**
 * The compaction profile's in-process model. Its own work (building the reply, sizing the
 * request) is timed into `clock.spent`, counting only the time it runs, not the time the loop
 * spends between its yields.
 */
export function scriptedModel(rounds, files, clock, stats) {
  let mainRequests = 0;
  let messageCounter = 0;
  return async function* callModel(params) {
    let started = performance.now();
    const pause = () => {
      clock.spent += performance.now() - started;
    };
    const resume = () => {
      started = performance.now();
    };
    const inputTokens = Math.ceil(charsOf(params.messages) / 4);
    const id = `msg_bench_${++messageCounter}`;
    let block;
    if (params.querySource === 'compact') {
      stats.summaryRequests += 1;
      block = { type: 'text', text: `<summary>1. Goal and intent: keep reading files (summary ${stats.summaryRequests}).</summary>`, citations: null };
    } else {
      mainRequests += 1;
      const round = mainRequests;
      block = round > rounds ? { type: 'text', text: 'All rounds done.', citations: null } : { ...toolCallFor('compaction', round, files), caller: { type: 'direct' } };
    }
    const message = scriptedReply({ uuid: `bench-${messageCounter}`, id, model: params.model, block, inputTokens, outputTokens: 50 });
    pause();
    yield message;
    resume();
    pause();
  };
}
