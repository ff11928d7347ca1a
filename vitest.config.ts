import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Ink draws only its last frame when it sees CI; the REPL tests read frames as they come.
    // (The CLI hides the variable from Ink the same way: src/cli/interactive.ts.)
    env: { CI: 'false' },
  },
});
