// A CommandContext for unit tests: printed text is collected, everything else is a no-op unless
// the test passes its own.
import type { CommandContext } from '../../../src/commands/types.js';

export function fakeCommandContext(overrides: Partial<CommandContext> = {}): { ctx: CommandContext; printed: string[] } {
  const printed: string[] = [];
  const ctx: CommandContext = {
    print: (text) => printed.push(text),
    clearConversation: () => undefined,
    exit: () => undefined,
    commands: [],
    ...overrides,
  };
  return { ctx, printed };
}
