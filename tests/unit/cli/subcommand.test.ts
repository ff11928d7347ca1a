// `pulse mcp | plugin | permissions …` share one runner: usage errors at any depth come back as
// commander's exit code through the given output (never process.exit), failures as one line.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPluginCommand } from '../../../src/cli/plugin/program.js';
import { runSubcommand, type ActionResult } from '../../../src/cli/subcommand.js';

type Captured = { code: number; out: string; err: string };

async function capture(run: (io: { out(text: string): void; err(text: string): void }) => Promise<number>): Promise<Captured> {
  let out = '';
  let err = '';
  const code = await run({ out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

let home: string;
const savedHome = process.env.HOME;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'pulse-subcommand-'));
  process.env.HOME = home;
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`process.exit(${String(code)}) was called`);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  process.env.HOME = savedHome;
  await rm(home, { recursive: true, force: true });
});

describe('runSubcommand', () => {
  it('answers a usage error two levels down with commander exit code, through the output', async () => {
    const run = await capture((io) => runPluginCommand(['marketplace', 'add'], home, io));
    expect(run).toEqual({ code: 1, out: '', err: "error: missing required argument 'source'\n" });
    const unknown = await capture((io) => runPluginCommand(['marketplace', 'list', '--bogus'], home, io));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe("error: unknown option '--bogus'\n");
  });

  it('prints a nested command help on the output and exits 0', async () => {
    const run = await capture((io) => runPluginCommand(['marketplace', '--help'], home, io));
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Usage: pulse plugin marketplace/);
    expect(run.out).toContain('add [options] <source>');
    expect(run.err).toBe('');
  });

  it('shows the help when no words follow', async () => {
    const run = await capture((io) => runPluginCommand([], home, io));
    expect(run.code).toBe(0);
    expect(run.out).toContain('marketplace');
    expect(run.out).toContain('install|i [options] <plugin>');
  });

  it('reports a failing action in one line naming the subcommand, thrown or rejected', async () => {
    const failing = (how: 'throw' | 'reject'): [Command, ActionResult] => {
      const result: ActionResult = { code: undefined };
      const program = new Command('pulse demo');
      program.command('go').action(() => {
        const error = new Error('the index is locked\n    at open (/x.js:1:1)');
        if (how === 'throw') throw error;
        result.code = Promise.reject(error);
      });
      return [program, result];
    };
    for (const how of ['throw', 'reject'] as const) {
      const [program, result] = failing(how);
      const run = await capture((io) => runSubcommand('demo', program, result, ['go'], io));
      expect(run).toEqual({ code: 1, out: '', err: 'pulse demo: the index is locked\n' });
    }
  });

  it('returns the action exit code, sync or async', async () => {
    for (const code of [3, Promise.resolve(4)]) {
      const result: ActionResult = { code: undefined };
      const program = new Command('pulse demo');
      program.command('go').action(() => {
        result.code = code;
      });
      const run = await capture((io) => runSubcommand('demo', program, result, ['go'], io));
      expect(run.code).toBe(await code);
    }
  });
});
