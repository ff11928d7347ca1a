// node:crypto for the rare synchronous paths that need it, loaded on first use: importing it
// at the top of a module start-up loads costs a few milliseconds before the first model request.
import { createRequire } from 'node:module';

// Any absolute path serves as the base: built-in modules resolve the same from everywhere.
const requireBuiltin = createRequire(process.execPath);

export function lazyCrypto(): typeof import('node:crypto') {
  return requireBuiltin('node:crypto') as typeof import('node:crypto');
}
