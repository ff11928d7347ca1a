// Issue 19, item 4: stream-json and the result report every stop reason and block type the way the
// reference does. scripts/reference/stopReasons.mjs ran each mock script of
// tests/fixtures/reference-output/stop-reason-scenarios.json through Claude Code 2.1.332 and kept
// the line order, each line kind's key paths and the result's stop fields; Pulse runs the same
// scripts here. Where Pulse differs on purpose the difference is listed with its reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { keyPaths, KNOWN_KEY_DIFFERENCES, PULSE_ONLY_KEYS, shapeKind, isKnownDifference } from '../support/sdkLineShapes.js';
import { scenario, STREAM_JSON } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'reference-output');
const SCRIPTS = (JSON.parse(readFileSync(join(FIXTURES, 'stop-reason-scenarios.json'), 'utf8')) as { scenarios: Record<string, MockTurn[]> }).scenarios;
type Recorded = { exitCode: number; mainRequests: number; order: string[]; keys: Record<string, string[]>; result: Record<string, unknown> };
const RECORDED = (JSON.parse(readFileSync(join(FIXTURES, 'stop-reasons-keys.json'), 'utf8')) as { scenarios: Record<string, Recorded> }).scenarios;

/** Where Pulse's behaviour differs from the reference's on purpose: what Pulse does instead, and why. */
type Difference = {
  why: string;
  /** Kinds whose lines here are Pulse's own doing, not the reference's lines of that kind. */
  ownKinds?: string[];
  order?: string[];
  result?: Record<string, unknown>;
  exitCode?: number;
  mainRequests?: number;
};
const DIFFERENT: Record<string, Difference> = {
  pause_turn: {
    why: 'the API asks the client to send a paused turn back; the reference ends it as error_during_execution, Pulse carries it on (issue 19)',
    order: ['system/init', 'assistant', 'assistant', 'assistant', 'assistant', 'result/success'],
    result: { subtype: 'success', is_error: false, stop_reason: 'end_turn', num_turns: 2 },
    exitCode: 0,
    mainRequests: 2,
  },
  model_context_window_exceeded: {
    why: 'the reference asks for the rest as if the output limit were hit; Pulse treats a full window as a context problem and compacts (issue 22.3)',
    order: ['system/init', 'assistant', 'user/tool_result', 'assistant', 'system/compact_boundary', 'user/synthetic', 'user', 'assistant', 'result/success'],
    mainRequests: 4,
    ownKinds: ['user/synthetic', 'user'],
  },
};

/**
 * While Pulse's first request asks for less than the model's whole output allowance, the first cut
 * is asked for again with all of it (its partial reply withdrawn) before the model is told to carry
 * on; the reference already asks for everything, so it only ever tells the model to carry on.
 */
const ESCALATED_MAX_TOKENS_ORDER = ['system/init', 'assistant', 'assistant', 'user/synthetic', 'assistant', 'result/success'];

/** Line kinds whose keys differ from the same kind in every run, beside KNOWN_KEY_DIFFERENCES. */
const STOP_KEY_DIFFERENCES: Record<string, Record<string, string>> = {
  'assistant/thinking': {
    'message.context_management': KNOWN_KEY_DIFFERENCES.assistant?.['message.context_management'] ?? '',
    thinking_display: "the request's thinking.display, which Pulse's requests do not set",
  },
  'assistant/error': {
    'message.context_management': KNOWN_KEY_DIFFERENCES.assistant?.['message.context_management'] ?? '',
    'message.content[].citations': "Pulse's report is a whole text block, citations null included",
  },
};

function isDifferent(kind: string, path: string): boolean {
  return isKnownDifference(KNOWN_KEY_DIFFERENCES, kind, path) || isKnownDifference(STOP_KEY_DIFFERENCES, kind, path);
}

/** A kind's keys in any recorded run: a block one run stops before (pause_turn) shows in another. */
function printedAnywhere(kind: string): Set<string> {
  return new Set(Object.values(RECORDED).flatMap((recorded) => recorded.keys[kind] ?? []));
}

const FIELDS = ['subtype', 'is_error', 'stop_reason', 'terminal_reason', 'num_turns', 'safety_stops'];

describe('stop reasons and block types against the reference (stream-json)', () => {
  it.each(Object.keys(SCRIPTS))('%s: the lines, their keys and the result the reference printed', async (name) => {
    const recorded = RECORDED[name];
    if (!recorded) throw new Error(`${name} was not recorded: run node scripts/reference/stopReasons.mjs`);
    const different = DIFFERENT[name];
    const s = await scenario(structuredClone(SCRIPTS[name] ?? []));
    const run = await s.run(['-p', 'Do the thing.', ...STREAM_JSON, '--permission-mode', 'bypassPermissions'], { env: { IS_SANDBOX: '1' } });
    expect(run.stderr).toBe('');
    const lines = run.json();

    const [first, second] = s.mock.requests.map((request) => Number(request.body.max_tokens));
    const escalated = name === 'max_tokens' && second !== undefined && first !== undefined && second > first;
    expect(lines.map(shapeKind)).toEqual(escalated ? ESCALATED_MAX_TOKENS_ORDER : (different?.order ?? recorded.order));
    const result = lines.at(-1) ?? {};
    // Asking the same request again is not a turn of its own.
    const turns = escalated ? { num_turns: Number(recorded.result.num_turns) - 1 } : {};
    expect(Object.fromEntries(FIELDS.map((field) => [field, result[field]]))).toEqual({ ...recorded.result, ...different?.result, ...turns });
    expect(run.code).toBe(different?.exitCode ?? recorded.exitCode);
    expect(s.mock.requests).toHaveLength(different?.mainRequests ?? recorded.mainRequests);
    expect(s.mock.pairingErrors).toEqual([]);

    const seen: Record<string, Set<string>> = {};
    for (const line of lines) {
      const kind = shapeKind(line);
      seen[kind] ??= new Set();
      for (const path of keyPaths(line)) seen[kind]?.add(path);
    }
    for (const [kind, keys] of Object.entries(recorded.keys)) {
      const mine = seen[kind];
      // A kind only the reference's different behaviour prints, or Pulse's own lines (listed above).
      if (!mine || different?.ownKinds?.includes(kind)) continue;
      const missing = keys.filter((path) => !mine.has(path) && !isDifferent(kind, path));
      expect({ kind, missing }).toEqual({ kind, missing: [] });
      const extra = [...mine].filter((path) => !printedAnywhere(kind).has(path) && !(PULSE_ONLY_KEYS[kind] ?? []).includes(path) && !isDifferent(kind, path));
      expect({ kind, extra }).toEqual({ kind, extra: [] });
    }
  });
});
