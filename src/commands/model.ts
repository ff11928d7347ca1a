// /model: which model answers, and switching it for the rest of the session. Any name is taken:
// aliases become ids, and an id Pulse does not know is sent as it is (a gateway may serve it).
import { getModelInfo, isKnownModel, KNOWN_MODELS, MODEL_ALIASES, resolveModel } from '../api/models.js';
import type { LocalCommand } from './types.js';

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

/** The confirmation for a switch, with a note when the id is not one Pulse knows. */
export function describeSwitch(typed: string, id: string): string {
  const named = typed === id ? id : `${id} (from "${typed}")`;
  const window = getModelInfo(id).contextWindow.toLocaleString('en-US');
  if (isKnownModel(id)) return `Model set to ${named} for the rest of this session (context window ${window} tokens).`;
  return (
    `Model set to ${named} for the rest of this session. Pulse does not know this id: it is sent as typed, ` +
    `and its context window (${window} assumed) and prices are guesses.`
  );
}

export const modelCommand: LocalCommand = {
  name: 'model',
  description: 'Show the model, or switch it for the rest of the session',
  argumentHint: '[alias or id]',
  run(ctx, args) {
    if (!ctx.model) {
      ctx.print('Switching models is not available here.');
      return;
    }
    const typed = args.trim();
    if (typed === '') {
      ctx.print(formatModelList(ctx.model.current()));
      return;
    }
    const id = resolveModel(typed);
    ctx.model.set(id);
    ctx.print(describeSwitch(typed, id));
  },
};
