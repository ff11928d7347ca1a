// The built CLI with its config dir (transcripts, history, cache) on a disk that fills up mid-session:
// the answer still arrives, the failure is one warning line, and the transcript holds whole lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mountSmallDisk, tmpfsUnavailable, type SmallDisk } from '../support/tmpfs.js';
import { scenario } from './harness.js';

let disk: SmallDisk | undefined;

afterEach(() => {
  disk?.unmount();
  disk = undefined;
});

function transcripts(configDir: string): string[] {
  const projects = join(configDir, 'projects');
  return readdirSync(projects).flatMap((dir) => readdirSync(join(projects, dir)).map((name) => join(projects, dir, name)));
}

describe.skipIf(tmpfsUnavailable !== undefined)('print mode on a full disk', () => {
  it('answers, warns once, and leaves a transcript of whole lines', async () => {
    const longAnswer = `The answer. ${'Words that will not fit on the disk. '.repeat(1500)}`;
    const s = await scenario([{ content: [{ type: 'text', text: longAnswer }] }]);
    disk = mountSmallDisk(512 * 1024);
    disk.leaveFree(16 * 1024);
    const run = await s.run(['-p', 'say a lot'], { env: { PULSE_CONFIG_DIR: disk.dir } });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(longAnswer.trim());
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('pulse: warning:'));
    expect(warnings).toEqual([
      expect.stringMatching(/^pulse: warning: the session transcript could not be written \(ENOSPC: no space left on device, write\); the session goes on, but nothing more of it is saved$/),
    ]);
    const [transcript] = transcripts(disk.dir);
    const text = readFileSync(transcript ?? '', 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const records = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(records.map((record) => record.type)).toContain('user');
    expect(records.map((record) => record.type)).not.toContain('assistant');
  });
});
