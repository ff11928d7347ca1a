import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanupOldTranscripts,
  projectDirFor,
  projectsDir,
  sessionDir,
  toolResultsDir,
  transcriptPath,
} from '../../../src/sessions/index.js';
import { useSandbox } from './fixtures.js';

const sandbox = useSandbox();
const DAY_S = 24 * 60 * 60;
const OLD_ID = '11111111-1111-4111-8111-111111111111';
const NEW_ID = '22222222-2222-4222-8222-222222222222';
const ORPHAN_ID = '33333333-3333-4333-8333-333333333333';

function age(path: string, days: number): void {
  const when = Date.now() / 1000 - days * DAY_S;
  utimesSync(path, when, when);
}

function session(cwd: string, id: string, days: number): void {
  mkdirSync(toolResultsDir(cwd, id), { recursive: true });
  writeFileSync(join(toolResultsDir(cwd, id), 'toolu_1.txt'), 'big output');
  writeFileSync(transcriptPath(cwd, id), '{"type":"user"}\n');
  age(transcriptPath(cwd, id), days);
}

describe('cleanupOldTranscripts', () => {
  it('removes only transcripts older than the period, with their side folders, in every project', () => {
    const other = join(sandbox.root, 'other');
    session(sandbox.cwd, OLD_ID, 31);
    session(sandbox.cwd, NEW_ID, 2);
    session(other, OLD_ID, 45);
    mkdirSync(join(projectDirFor(sandbox.cwd), ORPHAN_ID), { recursive: true });
    age(join(projectDirFor(sandbox.cwd), ORPHAN_ID), 40);
    mkdirSync(join(projectDirFor(sandbox.cwd), 'memory'), { recursive: true });
    age(join(projectDirFor(sandbox.cwd), 'memory'), 400);

    const result = cleanupOldTranscripts(30);

    expect(result).toEqual({ removedTranscripts: 2, removedFolders: 3, failures: 0 });
    expect(existsSync(transcriptPath(sandbox.cwd, OLD_ID))).toBe(false);
    expect(existsSync(sessionDir(sandbox.cwd, OLD_ID))).toBe(false);
    expect(existsSync(transcriptPath(other, OLD_ID))).toBe(false);
    expect(existsSync(transcriptPath(sandbox.cwd, NEW_ID))).toBe(true);
    expect(existsSync(join(toolResultsDir(sandbox.cwd, NEW_ID), 'toolu_1.txt'))).toBe(true);
    expect(existsSync(join(projectDirFor(sandbox.cwd), ORPHAN_ID))).toBe(false);
    expect(existsSync(join(projectDirFor(sandbox.cwd), 'memory'))).toBe(true);
  });

  it('honours a shorter period and deletes nothing for a non-positive one', () => {
    session(sandbox.cwd, NEW_ID, 2);
    expect(cleanupOldTranscripts(0).removedTranscripts).toBe(0);
    expect(cleanupOldTranscripts(Number.NaN).removedTranscripts).toBe(0);
    expect(cleanupOldTranscripts(1).removedTranscripts).toBe(1);
  });

  it('does nothing and does not throw when there is no projects folder', () => {
    expect(existsSync(projectsDir())).toBe(false);
    expect(cleanupOldTranscripts()).toEqual({ removedTranscripts: 0, removedFolders: 0, failures: 0 });
  });
});
