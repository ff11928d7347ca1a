#!/usr/bin/env node
// Runs every benchmark in this folder, one after another (`npm run bench`).
await import('./startup.mjs');
await import('./streamingOverlap.mjs');
await import('./longSession.mjs');
await import('./repl.mjs');
