// Sessions on disk end to end: crashes at any point leave a transcript `--continue` can carry on
// from, and --continue, --resume, --fork-session and --session-id pick the right session.
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { resultOf, scenario, STREAM_JSON, type Scenario } from './harness.js';

/** Polls a condition on observable state (a file, collected output); fails after the deadline. */
async function waitFor(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function collectStdout(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: string | Buffer) => (text += chunk.toString()));
  return () => text;
}

function lineCount(text: string, type: string): number {
  return text.split('\n').filter((line) => line.includes(`"type":"${type}"`)).length;
}

function messagesOfRequest(s: Scenario, index: number): string {
  return JSON.stringify(s.mock.requests[index]?.body.messages ?? []);
}

function transcriptFiles(s: Scenario): string[] {
  const projects = join(s.world.configDir, 'projects');
  if (!existsSync(projects)) return [];
  return readdirSync(projects).flatMap((dir) =>
    readdirSync(join(projects, dir))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(projects, dir, name)),
  );
}

type CrashPoint = { kind: 'tool' } | { kind: 'stream'; afterEvents: number; waitFor: 'request' | 'assistant' | 'events' };

const CRASH_POINTS: CrashPoint[] = [
  { kind: 'tool' },
  { kind: 'stream', afterEvents: 0, waitFor: 'request' },
  { kind: 'stream', afterEvents: 2, waitFor: 'events' },
  { kind: 'tool' },
  { kind: 'stream', afterEvents: 4, waitFor: 'assistant' },
  { kind: 'stream', afterEvents: 6, waitFor: 'assistant' },
];

function crashTurn(step: number, point: CrashPoint): MockTurn {
  if (point.kind === 'tool') {
    return {
      content: [
        { type: 'text', text: `Running step ${step}.` },
        {
          type: 'tool_use',
          id: `toolu_sleep_${step}`,
          name: 'Bash',
          // The shell records its pid (so the test knows it started and can end it), then sleeps.
          input: { command: `echo $$ > pid-${step}.txt && exec sleep 30` },
        },
      ],
    };
  }
  return {
    kind: 'hang',
    afterEvents: point.afterEvents,
    content: [
      { type: 'text', text: `Partial ${step}.` },
      { type: 'tool_use', id: `toolu_never_${step}`, name: 'Bash', input: { command: `echo this never runs at all ${step}` } },
    ],
  };
}

describe('crash safety', () => {
  it('continues after kill -9 mid-tool and mid-stream, every time, with nothing lost', async () => {
    const s = await scenario([]);
    const prompts: string[] = [];
    const sleepers: number[] = [];
    try {
      for (const [step, point] of CRASH_POINTS.entries()) {
        const prompt = `step ${step} please`;
        prompts.push(prompt);
        const before = s.mock.requests.length;
        s.mock.push(crashTurn(step, point));
        const args = ['-p', prompt, ...STREAM_JSON, '--include-partial-messages', '--allowedTools', 'Bash'];
        const pulse = s.start(step === 0 ? args : [...args, '--continue']);
        const stdout = collectStdout(pulse.child);
        await s.mock.waitForRequests(before + 1);
        if (point.kind === 'tool') {
          const pidFile = join(s.world.repo, `pid-${step}.txt`);
          await waitFor('the tool to start', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
          sleepers.push(Number(readFileSync(pidFile, 'utf8').trim()));
        } else if (point.waitFor === 'events') {
          await waitFor('stream events', () => lineCount(stdout(), 'stream_event') >= point.afterEvents);
        } else if (point.waitFor === 'assistant') {
          await waitFor('the first block', () => lineCount(stdout(), 'assistant') >= 1);
        }
        pulse.child.kill('SIGKILL');
        const killed = await pulse.finished;
        expect(killed.signal).toBe('SIGKILL');

        const next = `next ${step}`;
        prompts.push(next);
        s.mock.push({ content: [{ type: 'text', text: `carrying on ${step}` }] });
        const resumed = await s.run(['-p', next, '--continue']);
        // A call the kill left unanswered is answered on load, and the resume says so once.
        expect(resumed.stderr).toMatch(/^(pulse: warning: the session's transcript was repaired to resume it: answered \d+ unfinished tool calls? as interrupted\n)?$/);
        expect(resumed).toMatchObject({ code: 0, stdout: `carrying on ${step}\n` });
        expect(s.mock.pairingErrors).toEqual([]);
        const sent = messagesOfRequest(s, s.mock.requests.length - 1);
        for (const earlier of prompts) expect(sent).toContain(earlier);
        for (const [index, earlier] of CRASH_POINTS.slice(0, step + 1).entries()) {
          if (earlier.kind !== 'tool') continue;
          expect(sent).toContain(`toolu_sleep_${index}`);
          expect(sent).toContain('it may have run, in full or in part. Check its effects before repeating it.');
        }
      }
      expect(transcriptFiles(s)).toHaveLength(1);
    } finally {
      for (const pid of sleepers) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  }, 240_000);
});

describe('choosing a session', () => {
  it('keeps two sessions in one directory apart: continue, resume, fork', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'alpha noted' }] },
      { content: [{ type: 'text', text: 'beta noted' }] },
      { content: [{ type: 'text', text: 'continued' }] },
      { content: [{ type: 'text', text: 'resumed' }] },
      { content: [{ type: 'text', text: 'forked' }] },
      { content: [{ type: 'text', text: 'continued the fork' }] },
    ]);
    const alpha = resultOf((await s.run(['-p', 'remember alpha', ...STREAM_JSON])).json());
    const beta = resultOf((await s.run(['-p', 'remember beta', ...STREAM_JSON])).json());
    expect(alpha.session_id).not.toBe(beta.session_id);

    const continued = resultOf((await s.run(['-p', 'and now?', '--continue', ...STREAM_JSON])).json());
    expect(continued.session_id).toBe(beta.session_id);
    expect(messagesOfRequest(s, 2)).toContain('remember beta');
    expect(messagesOfRequest(s, 2)).not.toContain('remember alpha');

    const resumed = resultOf((await s.run(['-p', 'back to alpha', '--resume', String(alpha.session_id), ...STREAM_JSON])).json());
    expect(resumed.session_id).toBe(alpha.session_id);
    expect(messagesOfRequest(s, 3)).toContain('remember alpha');
    expect(messagesOfRequest(s, 3)).not.toContain('remember beta');

    const alphaFile = transcriptFiles(s).find((path) => path.endsWith(`${String(alpha.session_id)}.jsonl`)) ?? '';
    const alphaBefore = readFileSync(alphaFile, 'utf8');
    const forked = resultOf(
      (await s.run(['-p', 'a fork of alpha', '--resume', String(alpha.session_id), '--fork-session', ...STREAM_JSON])).json(),
    );
    expect(forked.session_id).not.toBe(alpha.session_id);
    expect(messagesOfRequest(s, 4)).toContain('back to alpha');
    expect(readFileSync(alphaFile, 'utf8')).toBe(alphaBefore);

    const afterFork = resultOf((await s.run(['-p', 'still there?', '-c', ...STREAM_JSON])).json());
    expect(afterFork.session_id).toBe(forked.session_id);
    expect(messagesOfRequest(s, 5)).toContain('a fork of alpha');
    expect(transcriptFiles(s)).toHaveLength(3);
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('takes a session id, refuses one in use, and needs an id for -p --resume', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const id = '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a098';
    const first = resultOf((await s.run(['-p', 'hi', '--session-id', id, ...STREAM_JSON])).json());
    expect(first.session_id).toBe(id);
    const again = await s.run(['-p', 'hi', '--session-id', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already in use/);
    const picker = await s.run(['-p', 'hi', '--resume']);
    expect(picker.code).toBe(1);
    expect(picker.stderr).toMatch(/--resume needs a session id/);
    const nothing = await s.run(['-p', 'hi', '--resume', 'no-such-session']);
    expect(nothing.stderr).toMatch(/No session found/);
  });

  it('writes nothing with --no-session-persistence', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const run = await s.run(['-p', 'hi', '--no-session-persistence']);
    expect(run.code).toBe(0);
    expect(transcriptFiles(s)).toEqual([]);
  });

  it('records the transcript as lines with the envelope, last prompt and cost', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'recorded' }] }]);
    const result = resultOf((await s.run(['-p', 'write it down', ...STREAM_JSON])).json());
    const [file] = transcriptFiles(s);
    const records = readFileSync(file ?? '', 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const types = records.map((record) => record.type);
    expect(types).toEqual(['mode', 'user', 'last-prompt', 'assistant', 'cost']);
    expect(records[1]).toMatchObject({ sessionId: result.session_id, cwd: s.world.repo, parentUuid: null });
    expect(records[3]).toMatchObject({ parentUuid: records[1]?.uuid });
    expect(records[2]).toMatchObject({ lastPrompt: 'write it down' });
  });
});

describe('signals', () => {
  it('ends on SIGTERM with a result, a closed transcript and exit 143', async () => {
    const s = await scenario([{ kind: 'hang', afterEvents: 2 }, { content: [{ type: 'text', text: 'back' }] }]);
    const pulse = s.start(['wait forever', '-p', ...STREAM_JSON]);
    await s.mock.waitForRequests(1);
    pulse.child.kill('SIGTERM');
    const run = await pulse.finished;
    expect(run.code).toBe(143);
    expect(resultOf(run.json())).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    const next = await s.run(['-p', 'again', '--continue']);
    expect(next).toMatchObject({ code: 0, stdout: 'back\n' });
    expect(messagesOfRequest(s, 1)).toContain('wait forever');
  });
});

describe('cleanup', () => {
  function oldTranscript(s: Scenario, name: string, daysOld: number): string {
    const dir = join(s.world.configDir, 'projects', '-some-other-project');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.jsonl`);
    writeFileSync(path, '{"type":"user","uuid":"u","timestamp":"t","message":{"role":"user","content":"old"}}\n');
    const when = new Date(Date.now() - daysOld * 86_400_000);
    utimesSync(path, when, when);
    return path;
  }

  it('removes transcripts older than cleanupPeriodDays (30 by default) in the background', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }, { content: [{ type: 'text', text: 'ok' }] }]);
    const stale = oldTranscript(s, 'stale-session', 40);
    const recent = oldTranscript(s, 'recent-session', 5);
    expect((await s.run(['-p', 'hi'])).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);

    const kept = oldTranscript(s, 'kept-session', 40);
    mkdirSync(join(s.world.home, '.claude'), { recursive: true });
    writeFileSync(join(s.world.home, '.claude', 'settings.json'), JSON.stringify({ cleanupPeriodDays: 60 }));
    expect((await s.run(['-p', 'hi'])).code).toBe(0);
    expect(existsSync(kept)).toBe(true);
  });
});
