// The memory room's public surface.
export { memoryCandidates, type MemoryCandidate, type MemoryType } from './discover.js';
export { formatMemoryForPrompt, formatNestedMemory, MEMORY_WARNING_CHARS, memorySizeWarning } from './format.js';
export { expandImports, MAX_IMPORT_DEPTH } from './imports.js';
export { currentMemoryFiles, loadMemoryFiles, type LoadMemoryOptions, type MemoryFile } from './load.js';
export { MAX_MEMORY_FILE_BYTES } from './readText.js';
export { createNestedMemory, type NestedMemory } from './nested.js';
