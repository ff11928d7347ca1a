// /output-style: lists the styles, or picks one for this session and saves it as the project's
// `outputStyle` in `.claude/settings.local.json`, the file the reference saves it to.
import type { LocalCommand } from '../commands/types.js';
import type { OutputStyleSession } from './session.js';

export type OutputStyleCommandDeps = {
  /**
   * The styles, read on first ask, with the problems met reading them that the user has not
   * been told of yet.
   */
  session(): Promise<{ session: OutputStyleSession; warnings: readonly string[] }>;
  /** Records the choice for later sessions in this project. */
  save(name: string): Promise<void>;
};

export function formatStyleList(session: OutputStyleSession): string {
  const current = session.currentName();
  const lines = session.styles().map((style) => {
    const marker = style.name === current ? ' (current)' : '';
    return `- ${style.name}${marker}: ${style.description}`;
  });
  const known = session.styles().some((style) => style.name === current);
  const heading = known ? `Output style: ${current}` : `Output style: ${current} (no such style: the default is used)`;
  return [heading, '', 'Available styles:', ...lines, '', 'Pick one with /output-style <style>.'].join('\n');
}

async function answer(session: OutputStyleSession, wanted: string, save: OutputStyleCommandDeps['save']): Promise<string> {
  if (wanted === '') return formatStyleList(session);
  const style = session.find(wanted);
  if (!style) {
    const names = session.styles().map((known) => known.name).join(', ');
    return `There is no output style "${wanted}". Available styles: ${names}`;
  }
  session.select(style);
  try {
    await save(style.name);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `Output style set to ${style.name} for this session; it could not be saved (${why}).`;
  }
  return `Output style set to ${style.name}; it applies from the next message and is saved in .claude/settings.local.json.`;
}

export function createOutputStyleCommand(deps: OutputStyleCommandDeps): LocalCommand {
  return {
    name: 'output-style',
    description: 'Show the output styles, or pick one (saved for this project)',
    argumentHint: '[style]',
    headless: true,
    async run(ctx, args) {
      const { session, warnings } = await deps.session();
      ctx.print(await answer(session, args.trim(), deps.save));
      for (const warning of warnings) ctx.print(`Warning: ${warning}`);
    },
  };
}
