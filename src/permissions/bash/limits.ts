// Beyond these a command is not reasoned about: no rule but an exact one may allow it.
export const MAX_COMMAND_LENGTH = 10_000;
export const MAX_SUBCOMMANDS = 50;
