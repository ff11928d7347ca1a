import { describe, expect, it } from 'vitest';
import { MODEL_ALIASES, resolveModel } from '../../../src/api/models.js';
import { formatModelList, modelCommand } from '../../../src/commands/model.js';
import { fakeCommandContext } from './fakeContext.js';

function withModel(initial: string) {
  const state = { model: initial };
  const { ctx, printed } = fakeCommandContext({
    model: { current: () => state.model, set: (model) => (state.model = model) },
  });
  return { ctx, printed, state };
}

describe('/model', () => {
  it('without a name shows the current model and every alias with its id', async () => {
    const { ctx, printed, state } = withModel('claude-opus-4-8');
    await modelCommand.run(ctx, '');
    expect(state.model).toBe('claude-opus-4-8');
    expect(printed[0]).toContain('Current model: claude-opus-4-8');
    for (const [alias, id] of Object.entries(MODEL_ALIASES)) expect(printed[0]).toMatch(new RegExp(`${alias}\\s+${id}`));
  });

  it('switches to the id an alias stands for, keeping the [1m] marker', async () => {
    const { ctx, printed, state } = withModel('claude-opus-4-8');
    await modelCommand.run(ctx, 'sonnet[1m]');
    expect(state.model).toBe(`${resolveModel('sonnet')}[1m]`);
    expect(printed[0]).toContain('context window 1,000,000 tokens');
  });

  it('takes an unknown name as a raw id, with a note', async () => {
    const { ctx, printed, state } = withModel('claude-opus-4-8');
    await modelCommand.run(ctx, 'my-gateway-model');
    expect(state.model).toBe('my-gateway-model');
    expect(printed[0]).toContain('Pulse does not know this id');
  });

  it('says so where the model cannot be switched', async () => {
    const { ctx, printed } = fakeCommandContext();
    await modelCommand.run(ctx, 'haiku');
    expect(printed).toEqual(['Switching models is not available here.']);
  });

  it('marks a current model that is not in the table', () => {
    expect(formatModelList('gateway-x')).toContain("gateway-x (not in Pulse's model table)");
  });
});
