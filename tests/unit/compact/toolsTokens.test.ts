// The tools' token estimate is the number the JSON they are sent as gives, for the real built-in
// tools and for tools whose JSON needs escapes, stays right when a description or name changes
// for the same schema object, and falls back to the JSON itself for a tool of another shape.
import { describe, expect, it } from 'vitest';
import type { ApiTool } from '../../../src/api/types.js';
import { estimateTextTokens } from '../../../src/compact/tokens.js';
import { estimateApiToolsTokens } from '../../../src/compact/toolsTokens.js';
import { toApiTools } from '../../../src/tools/apiSchema.js';
import { getAllTools } from '../../../src/tools/registry.js';

const byJson = (tools: readonly ApiTool[]): number => estimateTextTokens(JSON.stringify(tools));
const schema = (): ApiTool['input_schema'] => ({ type: 'object', properties: { path: { type: 'string', description: 'a "quoted" path\\n' } } });

describe('estimateApiToolsTokens', () => {
  it('gives the JSON estimate for the built-in tools, interactive or not, and again from what it measured', async () => {
    const tools = getAllTools();
    for (const isNonInteractive of [true, false]) {
      const api = await toApiTools(tools, { tools, isNonInteractive });
      expect(estimateApiToolsTokens(api)).toBe(byJson(api));
      const again = await toApiTools(tools, { tools, isNonInteractive });
      expect(estimateApiToolsTokens(again)).toBe(byJson(again));
    }
  });

  it('counts no tools, one tool, and escapes (quotes, backslashes, newlines, control and non-ASCII characters)', () => {
    expect(estimateApiToolsTokens([])).toBe(byJson([]));
    const tools: ApiTool[] = [
      { name: 'Probe', description: 'Line one\r\nLine "two"\t\\ ✦ \u2028 \u007f', input_schema: schema() },
      { name: 'mcp__srv__look', description: 'Looks \u0001 \b \f', input_schema: schema() },
      { name: 'mcp__srv__"odd"', description: 'A pair 𝄞 and a lone half \ud834 here', input_schema: schema() },
    ];
    expect(estimateApiToolsTokens(tools)).toBe(byJson(tools));
    // Two characters make a token: a description one character longer catches a length one off.
    for (const tool of tools) {
      for (const description of [tool.description as string, `${tool.description as string}x`]) {
        const one = [{ ...tool, input_schema: schema(), description }];
        expect(estimateApiToolsTokens(one)).toBe(byJson(one));
      }
    }
  });

  it('measures again when the same schema comes with another description or name', () => {
    const shared = schema();
    const first: ApiTool = { name: 'Skill', description: 'Runs a skill.', input_schema: shared };
    expect(estimateApiToolsTokens([first])).toBe(byJson([first]));
    const longer: ApiTool = { name: 'Skill', description: `Runs a skill.\n${'Available: review, pdf, docx\n'.repeat(40)}`, input_schema: shared };
    expect(estimateApiToolsTokens([longer])).toBe(byJson([longer]));
    const renamed: ApiTool = { name: 'SkillRunnerWithALongName', description: longer.description, input_schema: shared };
    expect(estimateApiToolsTokens([renamed])).toBe(byJson([renamed]));
  });

  it('counts a tool with other members, or members in another order, from its JSON', () => {
    const cached = { name: 'Look', description: 'Looks', input_schema: schema(), cache_control: { type: 'ephemeral' as const } };
    const reordered = { description: 'Looks', name: 'Look', input_schema: schema() } as ApiTool;
    const noDescription: ApiTool = { name: 'Bare', input_schema: schema() };
    expect(estimateApiToolsTokens([cached, reordered, noDescription])).toBe(byJson([cached, reordered, noDescription]));
  });
});
