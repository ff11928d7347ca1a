// Agent types given mid-session (an SDK host's `initialize.agents`): parsed like `--agents`,
// and usable by the session's Agent tool at once, winning a name clash with the flag's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAgentsRecord } from '../../../src/agents/index.js';
import { loadSessionAgents } from '../../../src/bootstrap/subagents.js';

let root: string;
const savedConfigDir = process.env.CLAUDE_CONFIG_DIR;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pulse-host-agents-'));
  // Keeps the real ~/.claude/agents out of the listing.
  process.env.CLAUDE_CONFIG_DIR = join(root, 'config');
});

afterEach(async () => {
  if (savedConfigDir === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedConfigDir;
  await rm(root, { recursive: true, force: true });
});

describe('agent types from an SDK host', () => {
  it('parses a record of definitions with tools and model', () => {
    const [greeter] = parseAgentsRecord(
      { greeter: { description: 'Greets', prompt: 'Say hi.', tools: ['Glob', 'Read'], model: 'haiku', mcpServers: [] } },
      'initialize.agents',
    );
    expect(greeter).toMatchObject({ name: 'greeter', description: 'Greets', systemPrompt: 'Say hi.', tools: ['Glob', 'Read'], model: 'haiku', source: 'flag' });
  });

  it('names the origin and the field in a one-line error', () => {
    expect(() => parseAgentsRecord({ greeter: { description: 'Greets' } }, 'initialize.agents')).toThrow(/^initialize\.agents: greeter\.prompt/);
  });

  it('adds them to the session: listed, runnable, and stronger than --agents on a clash', async () => {
    const flag = JSON.stringify({ greeter: { description: 'From the flag', prompt: 'Flag prompt.' } });
    const agents = loadSessionAgents(root, flag);
    await agents.load();
    expect(agents.definitions().find((agent) => agent.name === 'greeter')?.systemPrompt).toBe('Flag prompt.');

    agents.add(parseAgentsRecord({ greeter: { description: 'From the host', prompt: 'Host prompt.' }, helper: { description: 'Helps', prompt: 'Help.' } }, 'x'));
    agents.add(parseAgentsRecord({ helper: { description: 'Helps more', prompt: 'Help more.' } }, 'x'));

    const names = agents.definitions().map((agent) => agent.name);
    expect(names.filter((name) => name === 'greeter')).toHaveLength(1);
    expect(agents.definitions().find((agent) => agent.name === 'greeter')?.systemPrompt).toBe('Host prompt.');
    expect(agents.definitions().find((agent) => agent.name === 'helper')?.systemPrompt).toBe('Help more.');
    expect(agents.listing().map((agent) => agent.name)).toEqual(expect.arrayContaining(['general-purpose', 'greeter', 'helper']));
    expect(agents.summaries().find((agent) => agent.name === 'helper')?.description).toBe('Helps more');
  });
});
