// /init: asks the model to study the repository and write a CLAUDE.md for it.
import type { PromptCommand } from './types.js';

const INIT_PROMPT = `Study this repository and write a CLAUDE.md file at its root: the standing instructions a coding agent should read before working here.

Cover, briefly and only with what you verified in the code:
- the commands to build, test (including running a single test), lint and type-check;
- the architecture a newcomer needs: the main folders, how they depend on each other, where the entry points are;
- conventions that are not obvious from one file: naming, error handling, test layout, anything the project's own docs insist on.

Read the README, package or build manifests, CI configuration and any existing agent instructions (CLAUDE.md, AGENTS.md, .cursorrules, .github/copilot-instructions.md) first. If a CLAUDE.md already exists, improve it rather than starting over. Do not list every file, do not invent practices, and keep it short enough to read in a minute.`;

export const initCommand: PromptCommand = {
  type: 'prompt',
  name: 'init',
  description: 'Ask Pulse to write a CLAUDE.md for this repository',
  source: 'builtin',
  disableModelInvocation: true,
  async getPrompt(args) {
    const focus = args.trim();
    return { prompt: focus === '' ? INIT_PROMPT : `${INIT_PROMPT}\n\nAlso: ${focus}`, allowedRules: [] };
  },
};
