// Agents of one source are listed in locale order; the fast path that avoids loading ICU at
// start-up must give exactly that order.
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../../src/agents/definition.js';
import { mergeAgents } from '../../../src/agents/load.js';

function agent(name: string): AgentDefinition {
  return { name, description: name, systemPrompt: '', source: 'project' };
}

describe('mergeAgents order', () => {
  it('matches localeCompare for plain, mixed-case, punctuated and case-twin names', () => {
    const names = ['general-purpose', 'Explore', 'code-reviewer', 'a-b', 'ab', 'a0', 'Zeta', 'alpha', 'Alpha', 'b_c', 'éclair', 'x2', 'x10'];
    const merged = mergeAgents(names.map(agent)).map((entry) => entry.name);
    expect(merged).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
