// Node built-ins that Pulse's modules import but a run seldom calls before its first request.
// Imported from Pulse's own files, each becomes a module of forwarders that require the built-in
// on first call: node:fs/promises brings readline, fs/dir and the fs watchers with it (about a
// millisecond at every start), while start-up reads its files synchronously.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The built-ins made lazy, with what stands for each member that is not a function (read at
 * start-up, so it must come from a module already loaded). A new member fails the build.
 */
export const LAZY_BUILTINS = {
  'node:fs/promises': { constants: "require('node:fs').constants" },
};

function forwarderSource(specifier) {
  const real = require(specifier);
  const values = LAZY_BUILTINS[specifier];
  const lines = ['let real;', `const load = () => (real ??= require(${JSON.stringify(specifier)}));`];
  for (const name of Object.keys(real)) {
    if (typeof real[name] === 'function') {
      lines.push(`export function ${name}(...args) { return load().${name}(...args); }`);
    } else if (Object.hasOwn(values, name)) {
      lines.push(`export const ${name} = ${values[name]};`);
    } else {
      throw new Error(`${specifier} has a member ${name} that is not a function: say what stands for it in LAZY_BUILTINS (scripts/lazyBuiltins.mjs)`);
    }
  }
  return lines.join('\n');
}

/** The plugin: only Pulse's own imports (`source` is its src folder) are redirected. */
export function lazyBuiltins(source) {
  const filter = new RegExp(`^(${Object.keys(LAZY_BUILTINS).map((spec) => spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'lazy-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter }, (args) =>
        args.importer.startsWith(source) ? { path: args.path, namespace: 'lazy-builtin' } : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({ contents: forwarderSource(args.path), loader: 'js' }));
    },
  };
}
