// Sub-agents through the official Agent SDK: agent types the host defines in `options.agents`
// (sent with `initialize`) are usable by the Agent tool, and the sub-agent's conversation
// reaches the host as messages whose parent_tool_use_id is the Agent call.
import { describe, expect, it } from 'vitest';
import type { MockTurn, RecordedRequest } from '../support/mockAnthropic.js';
import { scenario, toolResultsSent } from './harness.js';
import { resultsOf, runSdkQuery } from './sdkHarness.js';

function systemText(req: RecordedRequest): string {
  const system = req.body.system;
  if (typeof system === 'string') return system;
  return (system ?? []).map((block) => block.text).join('\n');
}

function answered(req: RecordedRequest): boolean {
  return JSON.stringify(req.body.messages ?? []).includes('"tool_result"');
}

function toolNames(req: RecordedRequest | undefined): string[] {
  return (req?.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : ''));
}

describe('sub-agents over the Agent SDK', () => {
  it("runs an agent type the host defined and forwards its messages under the Agent call", async () => {
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('You are the SDK-defined greeter.')) {
        if (!answered(req)) return { content: [{ type: 'tool_use', id: 'toolu_child_glob', name: 'Glob', input: { pattern: '*.md' } }] };
        return { content: [{ type: 'text', text: 'Greeter report: hello.' }] };
      }
      if (!answered(req)) {
        return {
          content: [
            { type: 'tool_use', id: 'toolu_greeter', name: 'Agent', input: { description: 'Say hello', prompt: 'Greet the user.', subagent_type: 'greeter' } },
          ],
        };
      }
      return { content: [{ type: 'text', text: 'The greeter said hello.' }] };
    };
    const s = await scenario([], route);

    const run = await runSdkQuery(s, 'ask the greeter', {
      agents: { greeter: { description: 'Greets people', prompt: 'You are the SDK-defined greeter.', tools: ['Glob'] } },
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
    });

    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success', result: 'The greeter said hello.' });
    // The parent's model was offered the host's agent type.
    expect(JSON.stringify(s.mock.requests[0]?.body.tools)).toContain('greeter: Greets people');
    const childRequest = s.mock.requests.find((req) => systemText(req).includes('You are the SDK-defined greeter.'));
    expect(toolNames(childRequest)).toEqual(['Glob']);
    const agentResult = toolResultsSent(s.mock, s.mock.requests.length - 1).find((block) => block.tool_use_id === 'toolu_greeter');
    expect(agentResult?.content).toBe('Greeter report: hello.');

    const child = run.messages.filter(
      (message) => 'parent_tool_use_id' in message && message.parent_tool_use_id === 'toolu_greeter',
    );
    expect(child.map((message) => message.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(JSON.stringify(child[1])).toContain('toolu_child_glob');
    expect(JSON.stringify(child[3])).toContain('Greeter report: hello.');
    expect(s.mock.pairingErrors).toEqual([]);
  }, 60_000);
});
