// The session's output style: the one the settings name at start-up, switched by /output-style
// for the turns that follow (the system prompt is assembled afresh for each request).
import { DEFAULT_STYLE_NAME, type OutputStyle } from './types.js';

export type OutputStyleSession = {
  /** Every style the session can pick, in the order lists show them. */
  styles(): readonly OutputStyle[];
  /** The chosen name as the settings (or /output-style) gave it; `default` when none. */
  currentName(): string;
  /** The style in effect: undefined for the default style and for a name no style has. */
  active(): OutputStyle | undefined;
  /** The style `/output-style <name>` means: an exact name first, then one that differs only in case. */
  find(name: string): OutputStyle | undefined;
  select(style: OutputStyle): void;
};

export function createOutputStyleSession(styles: readonly OutputStyle[], configured: string | undefined): OutputStyleSession {
  let currentName = configured?.trim() || DEFAULT_STYLE_NAME;
  const exact = (name: string): OutputStyle | undefined => styles.find((style) => style.name === name);
  return {
    styles: () => styles,
    currentName: () => currentName,
    // The setting is matched exactly, as the reference matches it.
    active: () => {
      const style = exact(currentName);
      return style === undefined || style.name === DEFAULT_STYLE_NAME ? undefined : style;
    },
    find: (name) => {
      const wanted = name.trim();
      return exact(wanted) ?? styles.find((style) => style.name.toLowerCase() === wanted.toLowerCase());
    },
    select: (style) => {
      currentName = style.name;
    },
  };
}

/** A warning for a setting that names no style (the session then uses the default one). */
export function unknownStyleWarning(session: OutputStyleSession): string | undefined {
  const name = session.currentName();
  if (name === DEFAULT_STYLE_NAME || session.styles().some((style) => style.name === name)) return undefined;
  return `the outputStyle setting names "${name}", which is not an output style here; the default style is used (see /output-style)`;
}
