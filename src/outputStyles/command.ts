// /output-style: lists the styles, or picks one for this session and saves it as the project's
// `outputStyle` in `.claude/settings.local.json`, the file the reference saves it to.
import type { LocalCommand } from '../commands/types.js';
import type { OutputStyleSession } from './session.js';

export type OutputStyleCommandDeps = {
  /** Ready once the style files are read (start-up does not wait for them). */
  session: Promise<OutputStyleSession>;
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

export function createOutputStyleCommand(deps: OutputStyleCommandDeps): LocalCommand {
  return {
    name: 'output-style',
    description: 'Show the output styles, or pick one (saved for this project)',
    argumentHint: '[style]',
    headless: true,
    async run(ctx, args) {
      const session = await deps.session;
      const wanted = args.trim();
      if (wanted === '') {
        ctx.print(formatStyleList(session));
        return;
      }
      const style = session.find(wanted);
      if (!style) {
        const names = session.styles().map((known) => known.name).join(', ');
        ctx.print(`There is no output style "${wanted}". Available styles: ${names}`);
        return;
      }
      session.select(style);
      try {
        await deps.save(style.name);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        ctx.print(`Output style set to ${style.name} for this session; it could not be saved (${why}).`);
        return;
      }
      ctx.print(`Output style set to ${style.name}; it applies from the next message and is saved in .claude/settings.local.json.`);
    },
  };
}
