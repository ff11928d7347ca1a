// Groups of Pulse's own modules that the first model request never runs, built into bundle
// files of their own beside the CLI bundle. Inside the CLI bundle, a static import of a group's
// entry file becomes a forwarder: a module whose functions load the group's bundle on first
// call (through the same code-cached loader as the cold packages) and call the real function.
// Start-up then neither compiles nor deserialises the group's functions: esbuild hoists every
// function of a bundled module to the bundle's top level, so even a module that is never
// initialised costs V8 a function record per function at every start.
// A group's imports of Pulse modules outside it, and of packages, are linked to the CLI
// bundle's own instances, so there is one copy of every module. Running from source, imports
// stay what they are: only the build's timing changes.
import { build } from 'esbuild';
import { join, relative, sep } from 'node:path';

/**
 * `members` are path prefixes (folders or files) of the group's modules; `entries` are the
 * members imported from outside the group, with the names those imports may use. Forwarders can
 * only be functions (a constant would have to be read at start-up): importing a name missing
 * here fails the build, and one that is not a function fails the tests.
 */
export const LAZY_GROUPS = {
  // The Bash permission engine (parser, command facts, rule matching): only a Bash call being
  // checked, run or sandboxed, or a `!` pre-command, needs it.
  'bash-permissions': {
    members: ['src/permissions/bash/'],
    entries: {
      'src/permissions/bash/decide.ts': ['decideBash', 'describeRule', 'findBashDenial', 'findRuleNamingAnyCommand'],
      'src/permissions/bash/readOnly.ts': ['isReadOnlyCommand'],
      'src/permissions/bash/env.ts': ['isSafeEnvAssignment'],
      'src/permissions/bash/ruleMatch.ts': ['isCodeRunner'],
      'src/permissions/bash/wrappers.ts': ['stripWrappers'],
      'src/permissions/bash/parse/expand.ts': ['expandWord'],
      'src/permissions/bash/parse/scanner.ts': ['parseScript'],
    },
  },
  // Auto mode's reviewer: only a call the rules leave as a question in auto mode reaches it.
  'auto-review': {
    members: ['src/permissions/auto/review.ts', 'src/permissions/auto/reviewer.ts', 'src/permissions/auto/reviewPrompt.ts', 'src/permissions/auto/requests.ts'],
    entries: {
      'src/permissions/auto/review.ts': ['noteAllowed', 'reviewInAutoMode', 'staysWithPerson'],
    },
  },
};

const groups = (root) =>
  Object.entries(LAZY_GROUPS).map(([name, group]) => ({
    name,
    members: group.members.map((member) => join(root, member)),
    entries: new Map(Object.entries(group.entries).map(([file, names]) => [join(root, file), names])),
  }));

const isMember = (group, path) => group.members.some((member) => path === member || (member.endsWith(sep) && path.startsWith(member)));

/**
 * The group's bundle: its entries, required on first access once the CLI has linked the group
 * (`link`). Every import that leaves the group reads the linked module instead; node: built-ins
 * stay plain requires. Returns the bundle's code and the linked specifiers, in order.
 */
async function buildGroup(root, group, options) {
  const linked = new Map();
  const getters = [...group.entries.keys()].map((file) => `get ${JSON.stringify(relative(root, file))}() { return require(${JSON.stringify(file)}); }`);
  const output = await build({
    ...options,
    stdin: {
      contents: `const linked = require('pulse:lazy-link'); module.exports = { link(modules) { linked.modules = modules; }, ${getters.join(', ')} };`,
      resolveDir: root,
      loader: 'js',
    },
    format: 'cjs',
    plugins: [
      {
        name: 'link-outside-group',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^pulse:lazy-link$/ }, () => ({ path: 'link', namespace: 'lazy-link-root' }));
          pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-link-root' }, () => ({ contents: 'exports.modules = undefined;', loader: 'js' }));
          pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
            if (args.pluginData === 'link-outside-group' || args.namespace !== 'file' || !isMember(group, args.importer)) return undefined;
            const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'link-outside-group' });
            if (resolved.errors.length > 0 || resolved.external || isMember(group, resolved.path)) return undefined;
            if (args.kind !== 'import-statement') {
              return { errors: [{ text: `${args.path}: a lazy group (${group.name}) may only import statically what lies outside it` }] };
            }
            const key = resolved.path.startsWith(join(root, 'src') + sep) ? relative(root, resolved.path) : args.path;
            linked.set(key, resolved.path);
            return { path: key, namespace: 'lazy-link' };
          });
          pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-link' }, (args) => ({
            contents: `module.exports = require('pulse:lazy-link').modules[${JSON.stringify(args.path)}];`,
            loader: 'js',
            resolveDir: root,
          }));
        },
      },
    ],
  });
  return { code: output.outputFiles[0].contents, linked: [...linked.keys()] };
}

/** Builds every group; `finish(name, code)` wraps and names a bundle file as build.mjs does. */
export async function buildLazyGroups(root, options, finish) {
  return Promise.all(
    groups(root).map(async (group) => {
      const { code, linked } = await buildGroup(root, group, options);
      return { ...group, linked, file: finish(`lazy-${group.name}`, code) };
    }),
  );
}

/**
 * What the CLI hands a group: Pulse modules as getters that initialise them on first read (a
 * require() inside the bundle is esbuild's lazy initialiser), packages as the CLI's namespaces.
 */
function linkSource(root, built) {
  const packages = built.linked.filter((key) => !key.startsWith('src/'));
  return [
    ...packages.map((key, index) => `import * as linked${index} from ${JSON.stringify(key)};`),
    'export default {',
    ...built.linked.map((key) =>
      key.startsWith('src/')
        ? `  get ${JSON.stringify(key)}() { return require(${JSON.stringify(join(root, key))}); },`
        : `  ${JSON.stringify(key)}: linked${packages.indexOf(key)},`,
    ),
    '};',
  ].join('\n');
}

function forwarderSource(built, file, names) {
  return [
    "import links from 'pulse:lazy-links';",
    'let real;',
    'function load() {',
    `  if (real === undefined) { const bundle = __pulseLoadBundle(${JSON.stringify(built.file.name)}); bundle.link(links); real = bundle[${JSON.stringify(file)}]; }`,
    '  return real;',
    '}',
    ...names.map((name) => `export function ${name}(...args) { return load().${name}(...args); }`),
  ].join('\n');
}

/**
 * The CLI bundle's side: forwarders for the groups' entries. The build fails if a group's
 * module is imported from outside it by anything but an entry (it would be bundled twice), or if
 * an entry is never imported (the list is out of date).
 */
export function lazyGroupForwarders(root, builtGroups) {
  const source = join(root, 'src') + sep;
  const entryOf = new Map(builtGroups.flatMap((built) => [...built.entries].map(([file, names]) => [file, { built, names }])));
  return {
    name: 'lazy-group-forwarders',
    setup(pluginBuild) {
      const forwarded = new Set();
      // Pulse's modules import each other by relative paths.
      pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'lazy-group-forwarders' || args.namespace !== 'file' || !args.importer.startsWith(source)) return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'lazy-group-forwarders' });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const entry = entryOf.get(resolved.path);
        if (entry) {
          forwarded.add(resolved.path);
          return { path: relative(root, resolved.path), namespace: 'lazy-forwarder' };
        }
        const owner = builtGroups.find((built) => isMember(built, resolved.path));
        if (owner) {
          return { errors: [{ text: `${relative(root, resolved.path)} belongs to the lazy group ${owner.name}: import one of its entries, or list it in LAZY_GROUPS` }] };
        }
        return undefined;
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-forwarder' }, (args) => {
        const { built, names } = entryOf.get(join(root, args.path));
        return { contents: forwarderSource(built, args.path, names), loader: 'js', resolveDir: root, pluginData: built };
      });
      pluginBuild.onResolve({ filter: /^pulse:lazy-links$/ }, (args) => ({ path: args.pluginData.name, namespace: 'lazy-links', pluginData: args.pluginData }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-links' }, (args) => ({
        contents: linkSource(root, builtGroups.find((built) => built.name === args.path)),
        loader: 'js',
        resolveDir: root,
      }));
      pluginBuild.onEnd((result) => {
        if (result.errors.length > 0) return;
        const unused = [...entryOf.keys()].filter((path) => !forwarded.has(path)).map((path) => relative(root, path));
        if (unused.length > 0) throw new Error(`LAZY_GROUPS lists entries nothing outside their group imports: ${unused.join(', ')}`);
      });
    },
  };
}
