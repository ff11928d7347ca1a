// /effort: how hard the model works on each reply (the request's `output_config.effort`). Alone
// in the REPL it opens a picker of the levels (the one in use marked); elsewhere it says which is
// in use. A level applies from the next message; in the REPL it is also saved as `effortLevel` in the user's
// settings, the default for new sessions, as the reference saves it; `auto` leaves the choice to
// the model and clears the saved one. In print and SDK runs it lasts for the session only.
// CLAUDE_CODE_EFFORT_LEVEL, when set, decides the session's effort and /effort says so.
import { EFFORT_LEVELS, getModelInfo, type EffortLevel } from '../api/models.js';
import { effortFor, sessionEffort, type EffortChoice } from '../api/requestFeatures.js';
import { tildePath, userSettingsPath } from '../bootstrap/settings/sources.js';
import { updateSettingsFile } from '../bootstrap/settings/updateLocalSettings.js';
import { session } from '../state/session.js';
import type { CommandContext, LocalCommand, PickerChoice } from './types.js';

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

/** What auto means for the model in use. */
function autoNote(model: string): string {
  const sent = effortFor(model, undefined);
  return sent === undefined ? 'none is sent' : `${model} uses ${sent}`;
}

/** The level in use, in words: `high`, `auto (the model's default; … uses high)`. */
function effortInUse(model: string, choice: EffortChoice): string {
  if (choice === undefined || choice === 'auto') return `auto (the model's default; ${autoNote(model)})`;
  return `${choice}${sentNote(model, choice)}`;
}

export function describeEffort(model: string, choice: EffortChoice): string {
  return `Effort: ${effortInUse(model, choice)}. Choose with /effort ${CHOICES.join('|')}.`;
}

const LEVEL_DETAILS: Record<EffortLevel, string> = {
  low: 'quickest replies, least reasoning',
  medium: 'quicker replies, lighter reasoning',
  high: 'thorough reasoning',
  xhigh: 'more reasoning for hard problems',
  max: 'as much reasoning as the model gives',
};

/** The picker's lines for the model in use: each level, with what is sent when the model caps it, then auto. */
export function effortChoices(model: string): PickerChoice[] {
  const levels = EFFORT_LEVELS.map((level) => ({ label: level, id: level, detail: `${LEVEL_DETAILS[level]}${sentNote(model, level)}` }));
  return [...levels, { label: 'auto', id: 'auto', detail: `the model's default (${autoNote(model)})` }];
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
    const fromEnv = process.env.CLAUDE_CODE_EFFORT_LEVEL?.trim();
    let wanted = args.trim().toLowerCase();
    if (wanted === '') {
      if (fromEnv || !ctx.pick) {
        ctx.print(describeEffort(model, sessionEffort.get()));
        return;
      }
      const picked = await pickEffort(ctx.pick, model);
      if (picked === undefined) {
        ctx.print(`Kept effort ${effortInUse(model, sessionEffort.get())}.`);
        return;
      }
      wanted = picked;
    }
    if (wanted !== 'auto' && !isEffortLevel(wanted)) {
      ctx.print(`Unknown effort level "${args.trim()}": choose one of ${CHOICES.join(', ')}.`);
      return;
    }
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

/** The picker over the levels; the one in use (auto when none was chosen) is marked. */
function pickEffort(pick: NonNullable<CommandContext['pick']>, model: string): Promise<string | undefined> {
  const choice = sessionEffort.get() ?? 'auto';
  return pick({
    title: "Choose the model's effort level",
    current: choice,
    inUse: effortInUse(model, sessionEffort.get()),
    choices: effortChoices(model),
    pickVerb: 'set',
    keepText: 'keep it',
  });
}
