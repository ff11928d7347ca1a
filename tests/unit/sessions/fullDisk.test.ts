// Transcripts and history on a disk that fills up (a small tmpfs): a line either lands whole or
// is cut back off, the failure is told once, and what was written before stays loadable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendHistory, historyPath, loadTranscript, openTranscript, readHistory } from '../../../src/sessions/index.js';
import { createUserMessage } from '../../../src/utils/messages.js';
import { mountSmallDisk, tmpfsUnavailable, type SmallDisk } from '../../support/tmpfs.js';
import { assistantMessage, textBlock } from './fixtures.js';

let disk: SmallDisk | undefined;
let savedConfigDir: string | undefined;

afterEach(() => {
  if (savedConfigDir === undefined) delete process.env.PULSE_CONFIG_DIR;
  else process.env.PULSE_CONFIG_DIR = savedConfigDir;
  disk?.unmount();
  disk = undefined;
});

/** Every line of the file, each of which must be a whole JSON record ending in a newline. */
function wholeLines(path: string): Record<string, unknown>[] {
  const text = readFileSync(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(tmpfsUnavailable !== undefined)('a full disk under the session files', () => {
  it('keeps the transcript to whole lines, tells the failure once and lets the session go on', () => {
    disk = mountSmallDisk(256 * 1024);
    disk.leaveFree(24 * 1024);
    const path = join(disk.dir, 'session.jsonl');
    const errors: unknown[] = [];
    const writer = openTranscript({ cwd: disk.dir, sessionId: 's-full', version: '0.1.0', path, onError: (error) => errors.push(error) });
    const sent: string[] = [];
    for (let turn = 0; turn < 12; turn += 1) {
      const prompt = createUserMessage({ content: `question ${turn}` });
      const answer = assistantMessage([textBlock(`${turn}: ${'an answer that takes room. '.repeat(200)}`)]);
      // Neither call may throw: a transcript that cannot be written never stops the session.
      writer.append(prompt);
      writer.append(answer);
      sent.push(prompt.uuid, answer.uuid);
    }
    writer.close();

    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/ENOSPC|no space left/);
    const records = wholeLines(path);
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(sent.length);
    expect(records.map((record) => record.uuid)).toEqual(sent.slice(0, records.length));
    const loaded = loadTranscript(path);
    expect(loaded.errors).toBe(0);
    expect(loaded.messages.map((message) => message.uuid)).toEqual(sent.slice(0, records.length));
  });

  it('keeps the prompt history to whole lines and says false for the entry that did not fit', async () => {
    disk = mountSmallDisk(128 * 1024);
    savedConfigDir = process.env.PULSE_CONFIG_DIR;
    process.env.PULSE_CONFIG_DIR = disk.dir;
    disk.leaveFree(8 * 1024);
    const results: boolean[] = [];
    for (let index = 0; index < 8; index += 1) results.push(await appendHistory(`${index} ${'p'.repeat(3000)}`, '/project'));
    expect(results).toContain(false);
    const kept = results.filter(Boolean).length;
    expect(wholeLines(historyPath())).toHaveLength(kept);
    expect(readHistory('/project')).toHaveLength(kept);
  });
});
