// /effort: how hard the model works on each reply (the request's `output_config.effort`). A level
// applies from the next message; in the REPL it is also saved as `effortLevel` in the user's
// settings, the default for new sessions, as the reference saves it; `auto` leaves the choice to
// the model and clears the saved one. In print and SDK runs it lasts for the session only.
// CLAUDE_CODE_EFFORT_LEVEL, when set, decides the session's effort and /effort says so.
import { EFFORT_LEVELS, getModelInfo, type EffortLevel } from '../api/models.js';
import { effortFor, sessionEffort, type EffortChoice } from '../api/requestFeatures.js';
import { tildePath, userSettingsPath } from '../bootstrap/settings/sources.js';
import { updateSettingsFile } from '../bootstrap/settings/updateLocalSettings.js';
import { session } from '../state/session.js';
import type { LocalCommand } from './types.js';

const CHOICES = [...EFFORT_LEVELS, 'auto'] as const;

function isEffortLevel(value: string): value is EffortLevel {
  return (EFFORT_LEVELS as readonly string[]).includes(value);
}

/** What the model in use is sent for a choice, when that is not the choice itself. */
function sentNote(model: string, choice: EffortChoice): string {
  const sent = effortFor(model, choice);
  if (sent === undefined) return getModelInfo(model).effortLevels.length === 0 ? ` (${model} takes no effort level, so none is sent)` : '';
  return choice === sent || choice === undefined || choice === 'auto' ? '' : ` (${model} takes at most ${sent}, so ${sent} is sent)`;
}

export function describeEffort(model: string, choice: EffortChoice): string {
  const sent = effortFor(model, choice);
  if (choice === undefined || choice === 'auto') {
    const now = sent === undefined ? 'none is sent' : `${model} uses ${sent}`;
    return `Effort: auto (the model's default; ${now}). Choose with /effort ${CHOICES.join('|')}.`;
  }
  return `Effort: ${choice}${sentNote(model, choice)}. Choose with /effort ${CHOICES.join('|')}.`;
}

/** Saves the choice as the user's default for new sessions; `auto` removes the saved one. */
async function saveDefault(choice: EffortChoice): Promise<void> {
  await updateSettingsFile(userSettingsPath(), (settings) => {
    if (choice === undefined || choice === 'auto') {
      if (!('effortLevel' in settings)) return false;
      delete settings.effortLevel;
      return true;
    }
    if (settings.effortLevel === choice) return false;
    settings.effortLevel = choice;
    return true;
  });
}

export const effortCommand: LocalCommand = {
  name: 'effort',
  description: "Show or set the model's effort level",
  argumentHint: `[${CHOICES.join('|')}]`,
  headless: true,
  async run(ctx, args) {
    const model = ctx.model?.current() ?? session.model;
    const wanted = args.trim().toLowerCase();
    if (wanted === '') {
      ctx.print(describeEffort(model, sessionEffort.get()));
      return;
    }
    if (wanted !== 'auto' && !isEffortLevel(wanted)) {
      ctx.print(`Unknown effort level "${args.trim()}": choose one of ${CHOICES.join(', ')}.`);
      return;
    }
    const fromEnv = process.env.CLAUDE_CODE_EFFORT_LEVEL?.trim();
    if (fromEnv) {
      ctx.print(`CLAUDE_CODE_EFFORT_LEVEL=${fromEnv} decides the effort of this session; unset it to choose with /effort. Nothing changed.`);
      return;
    }
    const choice: EffortChoice = wanted === 'auto' ? 'auto' : wanted;
    sessionEffort.set(choice);
    const what = choice === 'auto' ? "Effort set to auto (the model's default)" : `Effort set to ${choice}${sentNote(model, choice)}`;
    if (!session.isInteractive) {
      ctx.print(`${what} for this session, from the next message.`);
      return;
    }
    try {
      await saveDefault(choice);
    } catch (error) {
      ctx.print(`${what} from the next message; it could not be saved as your default (${error instanceof Error ? error.message : String(error)}).`);
      return;
    }
    const saved = choice === 'auto' ? `the saved effortLevel is removed from ${tildePath(userSettingsPath())}` : `saved as your default in ${tildePath(userSettingsPath())}`;
    ctx.print(`${what} from the next message; ${saved}.`);
  },
};
