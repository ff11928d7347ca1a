// What an output style is once read: the instructions it adds to the system prompt, whether
// Pulse's own coding instructions stay beside them, and where it came from.

export type OutputStyleSource = 'builtin' | 'plugin' | 'user' | 'project';

export type OutputStyle = {
  /** What the `outputStyle` setting and `/output-style` name: `<plugin>:<name>` for a plugin's. */
  name: string;
  description: string;
  /** Added to the system prompt; empty for the default style, which adds nothing. */
  prompt: string;
  /** Keeps Pulse's coding instructions (read before editing, verify with tests) in the prompt. */
  keepCodingInstructions: boolean;
  source: OutputStyleSource;
  /** The file it was read from (not for built-ins). */
  path?: string;
};

/** The style that changes nothing: the setting's value when none is chosen. */
export const DEFAULT_STYLE_NAME = 'default';
