// Types for tests that import the build's tool-schema helper.
export function builtInToolInputSchemas(root: string): Promise<Record<string, { type: 'object'; [key: string]: unknown }>>;
