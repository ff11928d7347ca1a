// The session's output styles (user, project and plugin folders), the /output-style command that
// switches them, and what the REPL should be warned about. The default style adds nothing to
// the system prompt, so the style files are read at start-up only when the settings name
// another style; otherwise when something first lists them (/output-style, an SDK initialize).
import { loadOutputStyles, type PluginStylePath } from '../outputStyles/load.js';
import { createOutputStyleCommand } from '../outputStyles/command.js';
import { createOutputStyleSession, unknownStyleWarning, type OutputStyleSession } from '../outputStyles/session.js';
import { DEFAULT_STYLE_NAME, type OutputStyle } from '../outputStyles/types.js';
import type { LocalCommand } from '../commands/types.js';
import { updateLocalSettings } from './settings/updateLocalSettings.js';

/** The session's style as the rest of the session sees it: the list is read on first ask. */
export type SessionOutputStyles = {
  currentName(): string;
  /** The style in effect; undefined for the default one. */
  active(): OutputStyle | undefined;
  /** Every style on offer, once the style files are read. */
  loaded(): Promise<OutputStyleSession>;
};

export type OutputStyleSetup = {
  /** Settles once the system prompt can be built, with start-up's warnings about the style files. */
  ready: Promise<{ warnings: string[] }>;
  styles: SessionOutputStyles;
  command: LocalCommand;
};

type Loaded = { session: OutputStyleSession; warnings: string[] };

export function setUpOutputStyles(options: {
  cwd: string;
  projectRoot: string;
  /** The merged settings' `outputStyle`. */
  configured: string | undefined;
  plugins: readonly PluginStylePath[];
}): OutputStyleSetup {
  let session: OutputStyleSession | undefined;
  let loading: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> =>
    (loading ??= loadOutputStyles({ cwd: options.cwd, plugins: options.plugins }).then((loaded) => {
      session = createOutputStyleSession(loaded.styles, options.configured);
      const unknown = unknownStyleWarning(session);
      return { session, warnings: [...loaded.errors, ...(unknown ? [unknown] : [])] };
    }));
  const configuredName = options.configured?.trim() || DEFAULT_STYLE_NAME;
  const atStartup = configuredName === DEFAULT_STYLE_NAME ? undefined : load();
  const ready = atStartup ? atStartup.then(({ warnings }) => ({ warnings })) : Promise.resolve({ warnings: [] });
  ready.catch(() => undefined);
  // Problems with the style files reach the user once: at start-up, or with the first list.
  let lateWarnings = atStartup === undefined;
  const command = createOutputStyleCommand({
    session: async () => {
      const loaded = await load();
      const warnings = lateWarnings ? loaded.warnings : [];
      lateWarnings = false;
      return { session: loaded.session, warnings };
    },
    save: (name) =>
      updateLocalSettings(options.projectRoot, (settings) => {
        if (settings.outputStyle === name) return false;
        settings.outputStyle = name;
        return true;
      }),
  });
  const styles: SessionOutputStyles = {
    currentName: () => session?.currentName() ?? configuredName,
    active: () => session?.active(),
    loaded: async () => (await load()).session,
  };
  return { ready, styles, command };
}
