import { describe, expect, it } from 'vitest';
import type { MessageParam } from '../../../src/api/types.js';
import { withoutUnpairedServerToolBlocks } from '../../../src/query/serverToolBlocks.js';
import { EMPTY_TURN_TEXT, withoutTrailingThinking } from '../../../src/query/thinking.js';

const user = (n: number): MessageParam => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: `r${n}` }] });
const answer = (n: number): MessageParam => ({ role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Read', input: {} }] });
/** A paused turn: a web search the API has not answered yet. */
const paused = (): MessageParam => ({
  role: 'assistant',
  content: [{ type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'x' } }] as never,
});
const thinkingOnly = (): MessageParam => ({ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }] });

describe('the request passes over a growing history', () => {
  it('keep a paused turn whole only while it is the last message, round after round', () => {
    const history: MessageParam[] = [{ role: 'user', content: 'go' }];
    for (let n = 0; n < 12; n++) history.push(answer(n), user(n));
    const pausedTurn = paused();
    history.push(pausedTurn);
    expect(withoutUnpairedServerToolBlocks(history).at(-1)).toBe(pausedTurn);
    // The turn went on without its result: the next request may not carry the open call.
    history.push(user(99), answer(100));
    const sent = withoutUnpairedServerToolBlocks(history);
    expect(sent[history.indexOf(pausedTurn)]).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
    expect(sent.slice(0, 25)).toEqual(history.slice(0, 25));
  });

  it('drop a trailing thinking block from any turn, the earlier ones kept as they were', () => {
    const history: MessageParam[] = [{ role: 'user', content: 'go' }];
    for (let n = 0; n < 12; n++) history.push(answer(n), user(n));
    const first = withoutTrailingThinking(history);
    expect(first).toEqual(history);
    history.push(thinkingOnly(), user(50));
    const next = withoutTrailingThinking(history);
    expect(next.at(-2)).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
    expect(next.slice(0, 25)).toEqual(first);
    // A history that changed early is judged again from there.
    const changed = [history[0] as MessageParam, thinkingOnly(), ...history.slice(2)];
    expect(withoutTrailingThinking(changed)[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
  });
});
