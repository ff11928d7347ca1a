// /compact in the REPL: the summary replaces what the model is sent, scrollback stays, and the
// next prompt starts from the boundary. Runs the real compactNow with a scripted summariser.
import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS, findCommand, type CommandContext } from '../../src/commands/builtin.js';
import { compactNow } from '../../src/query/manualCompact.js';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import { createReplStore } from '../../src/state/store.js';
import type { LoopEvent, Message } from '../../src/types/messages.js';
import { TurnRunner } from '../../src/ui/runner/turnRunner.js';
import { makeToolContext } from '../support/toolContext.js';
import { assistant, fakeModel, prompt, textBlock } from '../unit/compact/fixtures.js';
import { waitFor } from './helpers.js';

const SUMMARY = '<summary>1. Goal and intent: ship the parser.</summary>';

function setup(history: Message[]) {
  const store = createReplStore({ permissionMode: 'default', messages: history });
  store.getState().addTranscript({ kind: 'user', text: 'old prompt shown in scrollback' });
  const model = fakeModel([SUMMARY]);
  const queries: QueryParams[] = [];
  const recorded: LoopEvent[] = [];
  const runner = new TurnRunner(store, {
    tools: [],
    buildSystemPrompt: async () => [],
    context: makeToolContext(process.cwd()),
    compact: (params) => compactNow({ ...params, callModel: model.callModel }),
    session: {
      recordPrompt: () => undefined,
      recordEvent: (event: LoopEvent) => void recorded.push(event),
      recordCost: () => undefined,
    } as unknown as NonNullable<ConstructorParameters<typeof TurnRunner>[1]['session']>,
    query: async function* (params): AsyncGenerator<LoopEvent, Terminal> {
      queries.push(params);
      return { reason: 'completed' };
    },
  });
  return { store, runner, model, queries, recorded };
}

describe('/compact in the REPL', () => {
  it('replaces the conversation sent to the model with the summary and keeps the scrollback', async () => {
    const history = [prompt('write the parser'), assistant([textBlock('Parser written.')])];
    const { store, runner, model, queries, recorded } = setup(history);
    const command = findCommand(BUILTIN_COMMANDS, 'compact');
    expect(command?.type).not.toBe('prompt');
    const ctx = { print: () => undefined, compact: (args: string) => runner.compact(args) } as unknown as CommandContext;
    if (command?.type === 'prompt' || !command) throw new Error('compact is a local command');
    await command.run(ctx, 'keep the API notes');

    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.querySource).toBe('compact');
    expect(JSON.stringify(model.requests[0]?.messages)).toContain('keep the API notes');
    const messages = store.getState().messages;
    expect(messages[0]).toMatchObject({ type: 'system', subtype: 'compact_boundary', data: { trigger: 'manual' } });
    expect(JSON.stringify(messages)).toContain('ship the parser');
    expect(JSON.stringify(messages)).not.toContain('Parser written.');
    expect(recorded.map((e) => e.type)).toEqual(['system', 'user']);
    const transcript = store.getState().transcript;
    expect(transcript.some((item) => item.kind === 'user' && item.text === 'old prompt shown in scrollback')).toBe(true);
    expect(transcript.some((item) => item.kind === 'notice' && item.text === 'Conversation compacted')).toBe(true);

    runner.submit('what next?');
    await waitFor(() => queries.length === 1 && !store.getState().isRunning);
    const sent = queries[0]?.messages ?? [];
    expect(sent[0]).toMatchObject({ subtype: 'compact_boundary' });
    expect(JSON.stringify(sent)).not.toContain('write the parser');
  });

  it('says why when there is nothing to compact', async () => {
    const { store, runner, model } = setup([]);
    await runner.compact('');
    expect(model.requests).toHaveLength(0);
    expect(JSON.stringify(store.getState().transcript)).toContain('nothing to compact');
    expect(store.getState().isRunning).toBe(false);
  });
});
