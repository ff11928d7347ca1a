// /model: which model answers, and switching it for the rest of the session. Any name is taken:
// aliases become ids, and an id Pulse does not know is sent as it is (a gateway may serve it).
import { getModelInfo, isKnownModel, KNOWN_MODELS, MODEL_ALIASES, resolveModel } from '../api/models.js';
import { legacyModelNotice } from '../api/legacyModels.js';
import type { LocalCommand, PickerChoice } from './types.js';

const PICKER_ALIASES = ['default', 'opus', 'sonnet', 'sonnet[1m]', 'haiku', 'fable'] as const;

function windowText(id: string): string {
  const tokens = getModelInfo(id).contextWindow;
  return tokens >= 1_000_000 ? `${tokens / 1_000_000}M context` : `${tokens / 1000}k context`;
}

/**
 * What `/model` offers: the aliases (as this provider names their models), then every other id
 * Pulse knows, and the model in use first when it is none of those (a gateway's own id).
 */
export function modelChoices(current: string): PickerChoice[] {
  const taken = new Set<string>();
  const aliased = PICKER_ALIASES.flatMap((alias) => {
    const id = resolveModel(alias);
    if (taken.has(id)) return [];
    taken.add(id);
    return [{ label: alias, id, detail: `${id} · ${windowText(id)}` }];
  });
  const others = KNOWN_MODELS.map(resolveModel)
    .filter((id) => !taken.has(id))
    .map((id) => ({ label: id, id, detail: windowText(id) }));
  const all = [...aliased, ...others];
  if (all.some((choice) => choice.id === current)) return all;
  return [{ label: current, id: current, detail: 'in use, not in Pulse\'s model table' }, ...all];
}

export function formatModelList(current: string): string {
  const aliasWidth = Math.max(...Object.keys(MODEL_ALIASES).map((alias) => alias.length)) + 2;
  const lines = [
    `Current model: ${current}${isKnownModel(current) ? '' : ' (not in Pulse\'s model table)'}`,
    '',
    'Aliases:',
    ...Object.entries(MODEL_ALIASES).map(([alias, id]) => `  ${alias.padEnd(aliasWidth)}${id}`),
    '',
    `Known ids: ${KNOWN_MODELS.join(', ')}`,
    'Add [1m] to a name for the 1M-token context window (e.g. sonnet[1m]).',
    'Switch with /model <alias or id>.',
  ];
  return lines.join('\n');
}

/** The confirmation for a switch, with a note when the id is not one Pulse knows, is remapped or retired. */
export function describeSwitch(typed: string, id: string): string {
  const named = typed === id ? id : `${id} (from "${typed}")`;
  const window = getModelInfo(id).contextWindow.toLocaleString('en-US');
  const legacy = legacyModelNotice(typed, id);
  const note = legacy === undefined ? '' : `\n${legacy}.`;
  if (isKnownModel(id)) return `Model set to ${named} for the rest of this session (context window ${window} tokens).${note}`;
  return (
    `Model set to ${named} for the rest of this session. Pulse does not know this id: it is sent as typed, ` +
    `and its context window (${window} assumed) and prices are guesses.${note}`
  );
}

export const modelCommand: LocalCommand = {
  name: 'model',
  description: 'Show the model, or switch it for the rest of the session',
  argumentHint: '[alias or id]',
  async run(ctx, args) {
    if (!ctx.model) {
      ctx.print('Switching models is not available here.');
      return;
    }
    const typed = args.trim();
    if (typed === '' && ctx.pick) {
      const current = ctx.model.current();
      const picked = await ctx.pick({
        title: 'Choose the model for the rest of this session',
        current,
        inUse: current,
        choices: modelChoices(current),
        pickVerb: 'switch',
        keepText: 'keep the current model',
      });
      if (picked === undefined || picked === current) {
        ctx.print(`Kept ${current}.`);
        return;
      }
      ctx.model.set(picked);
      ctx.print(describeSwitch(picked, picked));
      return;
    }
    if (typed === '') {
      ctx.print(formatModelList(ctx.model.current()));
      return;
    }
    const id = resolveModel(typed);
    ctx.model.set(id);
    ctx.print(describeSwitch(typed, id));
  },
};
