// Auto mode in `pulse permissions explain`: whether the reviewer would be asked about the call,
// and its earlier verdicts on the same call in this project, read back from the transcripts (the
// main conversations and their sub-agents').
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { autoModeReviewerModel } from '../bootstrap/toolModel.js';
import { staysWithPerson } from '../permissions/auto/review.js';
import { reviewedSubject } from '../permissions/auto/subject.js';
import { listSessions, readLinesSync, subagentsDir } from '../sessions/index.js';
import type { AnyTool } from '../tools/Tool.js';
import type { PermissionDecision, PermissionMode } from '../types/permissions.js';
import { lazySchema } from '../utils/lazySchema.js';

export type RecordedVerdict = {
  sessionId: string;
  timestamp: string;
  verdict: 'allow' | 'block' | 'unavailable' | 'paused';
  reason: string;
  model: string;
};

/** Enough for "what did it say last time" without reading a long history of sessions. */
const MAX_SESSIONS = 20;
const MARKER = '"autoModeReview"';

const verdictLine = lazySchema(() =>
  z.object({
    type: z.literal('system'),
    timestamp: z.string(),
    data: z.object({
      autoModeReview: z.object({
        tool: z.string(),
        verdict: z.enum(['allow', 'block', 'unavailable', 'paused']),
        reason: z.string(),
        model: z.string(),
        subject: z.string().optional(),
      }),
    }),
  }),
);

function subagentFiles(cwd: string, sessionId: string): string[] {
  const dir = subagentsDir(cwd, sessionId);
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.jsonl')).map((name) => join(dir, name));
  } catch {
    return [];
  }
}

function verdictsIn(path: string, sessionId: string, tool: string, subject: string | undefined): RecordedVerdict[] {
  const found: RecordedVerdict[] = [];
  for (const line of readLinesSync(path)) {
    if (!line.text.includes(MARKER)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.text);
    } catch {
      continue;
    }
    const record = verdictLine().safeParse(parsed);
    if (!record.success) continue;
    const review = record.data.data.autoModeReview;
    if (review.tool !== tool || review.subject !== subject) continue;
    found.push({ sessionId, timestamp: record.data.timestamp, verdict: review.verdict, reason: review.reason, model: review.model });
  }
  return found;
}

/** The latest `limit` verdicts on this tool and subject, newest first. */
export function recordedAutoModeVerdicts(cwd: string, tool: string, subject: string | undefined, limit = 5): RecordedVerdict[] {
  const found = listSessions(cwd)
    .slice(0, MAX_SESSIONS)
    .flatMap((session) =>
      [session.path, ...subagentFiles(cwd, session.sessionId)].flatMap((path) => verdictsIn(path, session.sessionId, tool, subject)),
    );
  return found.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, limit);
}

const SAID: Record<RecordedVerdict['verdict'], string> = {
  allow: 'allowed',
  block: 'blocked',
  unavailable: 'could not decide',
  paused: 'stepped aside',
};

function whatAutoModeDoes(tool: AnyTool, decision: PermissionDecision): string {
  if (decision.behavior === 'allow') return 'Auto mode: allowed without the reviewer.';
  if (decision.behavior === 'deny') return 'Auto mode: a refusal is never sent to the reviewer.';
  if (decision.behavior === 'ask' && staysWithPerson(tool, decision)) return 'Auto mode: this question stays yours; the reviewer is not asked.';
  return `Auto mode: the reviewer (${autoModeReviewerModel()}) decides; if it fails, times out or answers otherwise, you are asked (print mode refuses).`;
}

/** Lines for explain's report: what auto mode does with the call (in auto mode), and what it said before. */
export function autoModeExplainLines(cwd: string, mode: PermissionMode, tool: AnyTool, input: Record<string, unknown>, decision: PermissionDecision): string[] {
  const lines = mode === 'auto' ? [whatAutoModeDoes(tool, decision)] : [];
  const earlier = recordedAutoModeVerdicts(cwd, tool.name, reviewedSubject(input));
  if (earlier.length === 0) return lines;
  lines.push("Auto mode's earlier verdicts on this call (newest first):");
  for (const entry of earlier) {
    lines.push(`  ${entry.timestamp.slice(0, 19).replace('T', ' ')} UTC ${SAID[entry.verdict]} (${entry.model}, session ${entry.sessionId.slice(0, 8)}): ${entry.reason}`);
  }
  return lines;
}
