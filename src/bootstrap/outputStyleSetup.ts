// The session's output styles: read in the background from start-up (user, project and plugin
// folders), the /output-style command that switches them, and what the REPL should be warned about.
import { loadOutputStyles, type PluginStylePath } from '../outputStyles/load.js';
import { createOutputStyleCommand } from '../outputStyles/command.js';
import { createOutputStyleSession, unknownStyleWarning, type OutputStyleSession } from '../outputStyles/session.js';
import type { LocalCommand } from '../commands/types.js';
import { updateLocalSettings } from './settings/updateLocalSettings.js';

export type OutputStyleSetup = {
  ready: Promise<{ session: OutputStyleSession; warnings: string[] }>;
  command: LocalCommand;
};

export function setUpOutputStyles(options: {
  cwd: string;
  projectRoot: string;
  /** The merged settings' `outputStyle`. */
  configured: string | undefined;
  plugins: readonly PluginStylePath[];
}): OutputStyleSetup {
  const ready = loadOutputStyles({ cwd: options.cwd, plugins: options.plugins }).then((loaded) => {
    const session = createOutputStyleSession(loaded.styles, options.configured);
    const unknown = unknownStyleWarning(session);
    return { session, warnings: [...loaded.errors, ...(unknown ? [unknown] : [])] };
  });
  ready.catch(() => undefined);
  const command = createOutputStyleCommand({
    session: ready.then((loaded) => loaded.session),
    save: (name) =>
      updateLocalSettings(options.projectRoot, (settings) => {
        if (settings.outputStyle === name) return false;
        settings.outputStyle = name;
        return true;
      }),
  });
  return { ready, command };
}
