// Pulse's own modules that the first model request never runs, kept out of start-up inside the
// CLI bundle. Outside its group, a static import of such a module gets a forwarder instead: a
// module whose functions require() the real one on first call. esbuild then wraps the group in
// lazy initialisers, so start-up neither runs its top-level code nor has V8 compile or
// deserialise its functions; the first call initialises it, synchronously, as before. Running
// from source, imports stay what they are: only the build's timing changes.
import { dirname, join, relative, sep } from 'node:path';

/**
 * Each group is a folder; files inside it import each other as usual. For every file imported
 * from outside its folder, the names those imports may use: forwarders can only be functions
 * (a constant would have to be read at start-up), so importing a name missing here, or one that
 * is not a function, fails the build or the tests.
 */
export const LAZY_GROUPS = {
  // The Bash permission engine (parser, command facts, rule matching): only a Bash call being
  // checked, run or sandboxed, or a `!` pre-command, needs it.
  'src/permissions/bash': {
    'decide.ts': ['decideBash', 'describeRule', 'findBashDenial', 'findRuleNamingAnyCommand'],
    'readOnly.ts': ['isReadOnlyCommand'],
    'env.ts': ['isSafeEnvAssignment'],
    'ruleMatch.ts': ['isCodeRunner'],
    'wrappers.ts': ['stripWrappers'],
    'parse/expand.ts': ['expandWord'],
    'parse/scanner.ts': ['parseScript'],
  },
  // Auto mode's reviewer: only a call the rules leave as a question in auto mode reaches it.
  'src/permissions/auto': {
    'review.ts': ['noteAllowed', 'reviewInAutoMode', 'staysWithPerson'],
  },
};

function forwarderSource(realPath, names) {
  return [
    'let real;',
    `function load() { return (real ??= require(${JSON.stringify(realPath)})); }`,
    ...names.map((name) => `export function ${name}(...args) { return load().${name}(...args); }`),
  ].join('\n');
}

/** The esbuild plugin for the CLI bundle; the build fails if a listed file is never forwarded. */
export function lazyModules(root) {
  const lazyFiles = new Map();
  for (const [folder, files] of Object.entries(LAZY_GROUPS)) {
    for (const [file, names] of Object.entries(files)) lazyFiles.set(join(root, folder, file), { folder: join(root, folder) + sep, names });
  }
  return {
    name: 'lazy-modules',
    setup(pluginBuild) {
      const forwarded = new Set();
      pluginBuild.onResolve({ filter: /\.js$/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.namespace !== 'file' || args.pluginData === 'lazy-modules') return undefined;
        if (!args.importer.startsWith(join(root, 'src') + sep)) return undefined;
        const resolved = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'lazy-modules',
        });
        const lazy = lazyFiles.get(resolved.path);
        if (!lazy || args.importer.startsWith(lazy.folder)) return undefined;
        forwarded.add(resolved.path);
        return { path: resolved.path, namespace: 'lazy-module' };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (args) => ({
        contents: forwarderSource(args.path, lazyFiles.get(args.path).names),
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
      pluginBuild.onEnd((result) => {
        if (result.errors.length > 0) return;
        const unused = [...lazyFiles.keys()].filter((path) => !forwarded.has(path)).map((path) => relative(root, path));
        if (unused.length > 0) throw new Error(`LAZY_GROUPS lists files nothing outside their group imports: ${unused.join(', ')}`);
      });
    },
  };
}
