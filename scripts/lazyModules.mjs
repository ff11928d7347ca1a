// Groups of Pulse's own modules that the first model request never runs, built into bundle
// files of their own beside the CLI bundle. Inside the CLI bundle, a static or dynamic import of
// a group's entry file becomes a forwarder: a module whose functions load the group's bundle on
// first call (through the same code-cached loader as the cold packages) and call the real one.
// A module that esbuild bundles but never initialises still costs every start: its functions
// are hoisted to the bundle's top level, so V8 allocates a closure for each, and without a code
// cache (a first run, a new version) it parses them all.
// A group's imports outside it, Pulse's modules and packages alike, are linked to the CLI
// bundle's own instances, so there is one copy of each (zod schemas and the SDK's error classes
// cross between them). Running from source, imports stay what they are: only the build's timing
// changes.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
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
      'src/permissions/bash/wrappers.ts': ['stripWrappers'],
      'src/permissions/bash/parse/expand.ts': ['expandWord'],
      'src/permissions/bash/parse/scanner.ts': ['parseScript'],
    },
  },
  // The cloud providers: only a session whose environment selects one builds its client.
  'cloud-providers': {
    members: ['src/api/providers/bedrock.ts', 'src/api/providers/vertex.ts', 'src/api/providers/foundry.ts', 'src/api/providers/awsCredentials.ts', 'src/api/providers/failure.ts'],
    entries: {
      'src/api/providers/bedrock.ts': ['createBedrockClient', 'bedrockConfigProblem', 'bedrockEndpoint'],
      'src/api/providers/vertex.ts': ['createVertexClient', 'vertexEndpoint'],
      'src/api/providers/foundry.ts': ['createFoundryClient', 'foundryConfigProblem', 'foundryEndpoint'],
    },
  },
  // The OS sandbox: only a session whose settings enable it, or /sandbox, uses it.
  sandbox: {
    members: ['src/sandbox/'],
    entries: {
      'src/sandbox/policy.ts': ['resolveSandboxPolicy', 'withPermissionRules'],
      'src/sandbox/availability.ts': ['sandboxAvailability'],
      'src/sandbox/describe.ts': ['sandboxPromptSection', 'sandboxStatusReport'],
      'src/sandbox/runtimeDir.ts': ['sandboxRuntimeDir'],
      'src/sandbox/failureNote.ts': ['sandboxFailureNote'],
      'src/sandbox/launch.ts': ['prepareSandboxRun'],
    },
  },
  // Plugins and `pulse plugin`: only a session with --plugin-dir or enabledPlugins reads plugins.
  plugins: {
    members: ['src/plugins/', 'src/cli/plugin/'],
    entries: {
      'src/plugins/session.ts': ['findSessionPlugins'],
      'src/cli/plugin/program.ts': ['runPluginCommand'],
    },
  },
  // The SDK face (--input-format stream-json); its CLI options are declared at start-up.
  sdk: {
    members: [
      'src/cli/sdk/contextUsage.ts',
      'src/cli/sdk/controlChannel.ts',
      'src/cli/sdk/hostRequests.ts',
      'src/cli/sdk/initializeResponse.ts',
      'src/cli/sdk/inputLines.ts',
      'src/cli/sdk/permissionPrompt.ts',
      'src/cli/sdk/runSdk.ts',
      'src/cli/sdk/sdkHooks.ts',
      'src/cli/sdk/sdkSession.ts',
      'src/cli/sdk/sdkTurn.ts',
    ],
    entries: { 'src/cli/sdk/runSdk.ts': ['runSdk'] },
  },
  // `pulse mcp …` and `pulse permissions …` (the runner they share with `pulse plugin` is linked).
  subcommands: {
    members: ['src/cli/mcpCommand.ts', 'src/cli/permissionsCommand.ts', 'src/cli/autoModeExplain.ts'],
    entries: {
      'src/cli/mcpCommand.ts': ['runMcpCommand'],
      'src/cli/permissionsCommand.ts': ['runPermissionsCommand'],
    },
  },
  // Compaction and the collapse summariser: only a context near its limit, or /compact, runs them.
  compaction: {
    members: ['src/compact/compactConversation.ts', 'src/compact/summaryPrompt.ts', 'src/compact/postCompactAttachments.ts', 'src/compact/collapseSummariser.ts'],
    entries: {
      'src/compact/compactConversation.ts': ['compactConversation', 'isNothingToCompact'],
      'src/compact/collapseSummariser.ts': ['createModelSummariser'],
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

/**
 * zod is the one package esbuild tree-shakes in the CLI bundle (Pulse imports it as a namespace
 * and uses a few members): handing a group the whole namespace would keep all of it, so the CLI
 * links only the members the group's files use. They must import it as `import * as z`.
 */
const ZOD = 'zod';
const ZOD_NAMESPACE = /^import \* as z from 'zod';$/m;

async function zodMembersUsedBy(files) {
  const exported = new Set(Object.keys(await import(ZOD)));
  const used = new Set();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!ZOD_NAMESPACE.test(text)) throw new Error(`${file}: a lazy group's module imports zod as \`import * as z from 'zod'\``);
    // Names that zod does not export are types (z.infer); capitalised ones are its classes, which
    // Pulse names only in types, and the CLI's zod forwarders leave out (scripts/lazyZod.mjs).
    for (const [, name] of text.matchAll(/\bz\.([a-z_$][\w$]*)/g)) if (exported.has(name)) used.add(name);
  }
  return [...used].sort();
}

/** Every name: a namespace import, `export *`, import() or a clause this reading does not know. */
const ALL_NAMES = '*';

/**
 * The value names `file` imports (or re-exports) from `specifier`, read from its import
 * statements (type-only ones bring nothing at run time), or ALL_NAMES.
 */
function importedNames(file, specifier) {
  const text = readFileSync(file, 'utf8');
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statements = [...text.matchAll(new RegExp(`(?:^|[;\\n])\\s*(import|export)\\s+([^;'"]*?)\\s*from\\s*['"]${quoted}['"]`, 'g'))];
  if (statements.length === 0) return [ALL_NAMES];
  const names = [];
  for (const [, keyword, rawClause] of statements) {
    const clause = rawClause.trim();
    if (/^type\s/.test(clause)) continue;
    const braces = /^(?:([A-Za-z_$][\w$]*)\s*,\s*)?\{([^}]*)\}$/.exec(clause);
    if (keyword === 'import' && /^[A-Za-z_$][\w$]*$/.test(clause)) {
      names.push('default');
    } else if (braces) {
      if (braces[1] !== undefined) names.push('default');
      for (const item of braces[2].split(',').map((part) => part.trim()).filter(Boolean)) {
        if (!/^type\s/.test(item)) names.push(item.split(/\s+as\s+/)[0]);
      }
    } else {
      return [ALL_NAMES];
    }
  }
  return names;
}

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
 * stay plain requires. Cold packages (`coldSpecifiers`) come through the CLI's cold loader, so they
 * still load on first use. Returns the bundle's code and the linked modules: key, and whether to
 * link it lazily.
 */
async function buildGroup(root, group, options, coldSpecifiers) {
  const linked = new Map();
  const namesOf = new Map();
  const zodImporters = new Set();
  const getters = [...group.entries.keys()].map((file) => `get ${JSON.stringify(relative(root, file))}() { return require(${JSON.stringify(file)}); }`);
  const output = await build({
    ...options,
    stdin: {
      contents: `const linked = require('pulse:lazy-link'); module.exports = { link(modules) { linked.modules = modules; }, ${getters.join(', ')} };`,
      resolveDir: root,
      loader: 'js',
    },
    format: 'cjs',
    // As in the CLI bundle: an import() inside vm.Script needs a loader hook Node 20 marks experimental.
    supported: { 'dynamic-import': false },
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
            const ownModule = resolved.path.startsWith(join(root, 'src') + sep);
            const coldPackage = coldSpecifiers.has(args.path);
            if (args.path === ZOD) zodImporters.add(args.importer);
            if (coldPackage && args.kind !== 'dynamic-import') {
              return { errors: [{ text: `${args.path} is a cold package: a lazy group (${group.name}) imports it with await import()` }] };
            }
            const key = ownModule ? relative(root, resolved.path) : args.path;
            linked.set(key, ownModule || coldPackage);
            const names = args.kind === 'import-statement' ? importedNames(args.importer, args.path) : [ALL_NAMES];
            namesOf.set(key, [...new Set([...(namesOf.get(key) ?? []), ...names])].sort());
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
  const links = [...linked].map(([key, lazy]) => ({ key, lazy, names: namesOf.get(key) }));
  const zodMembers = zodImporters.size > 0 ? await zodMembersUsedBy(zodImporters) : [];
  return { code: output.outputFiles[0].contents, linked: links, zodMembers };
}

/**
 * Builds every group with esbuild `options`; `finish(stem, code)` wraps and names a bundle file
 * as build.mjs does.
 */
export async function buildLazyGroups(root, { options, coldSpecifiers, finish }) {
  return Promise.all(
    groups(root).map(async (group) => {
      const { code, linked, zodMembers } = await buildGroup(root, group, options, coldSpecifiers);
      return { ...group, linked, zodMembers, file: finish(`lazy-${group.name}`, code) };
    }),
  );
}

const namedOnly = (link) => !link.names.includes(ALL_NAMES);
/** Lazy links whose names are known: handed over as plain objects, so the CLI makes no namespace for them. */
const pickedLinks = (built) => built.linked.filter((link) => link.lazy && link.key.startsWith('src/') && namedOnly(link));
const PICKED = 'picked:';

/**
 * The members of an eager link (a package in the CLI bundle) the group takes, or undefined
 * when it needs the namespace. An object of members lets esbuild drop the namespace, which
 * the CLI would otherwise build, a getter per export, at every start. A default import needs
 * the namespace: the group reads a plain object's `default` as the object itself.
 */
function eagerMembers(built, link) {
  if (link.key === ZOD) return built.zodMembers;
  return namedOnly(link) && !link.names.includes('default') ? link.names : undefined;
}

/**
 * What the CLI hands a group: Pulse modules and cold packages as getters that load them on first
 * read (a require() inside the bundle is esbuild's lazy initialiser, and a cold package's is
 * its cold loader), other packages as the CLI's own namespaces. A Pulse module the group imports
 * by name comes as an object of those names, made when the group loads (pickedSource): a
 * namespace would cost the CLI a getter per export at every start. Pulse exports no `let`, so
 * the values cannot change after that.
 */
function linkSource(built) {
  const eager = built.linked.filter((link) => !link.lazy);
  const picked = pickedLinks(built);
  // Another group's entry resolves to its forwarder (lazyGroupForwarders), like any import of it.
  const required = (key) => (key.startsWith('src/') ? `./${key}` : key);
  return [
    ...eager.map((link, index) => `import * as linked${index} from ${JSON.stringify(link.key)};`),
    'export default {',
    ...built.linked.map((link) => {
      const key = JSON.stringify(link.key);
      if (picked.includes(link)) return `  get ${key}() { return require(${JSON.stringify(`pulse:lazy-links:${PICKED}${built.name}`)}).default[${key}](); },`;
      if (link.lazy) return `  get ${key}() { return require(${JSON.stringify(required(link.key))}); },`;
      const namespace = `linked${eager.indexOf(link)}`;
      const members = eagerMembers(built, link);
      if (!members) return `  ${key}: ${namespace},`;
      return `  ${key}: { ${members.map((name) => `${name}: ${namespace}.${name}`).join(', ')} },`;
    }),
    '};',
  ].join('\n');
}

/** The picked links of a group: its named imports of Pulse modules, each as a function making their object. */
function pickedSource(root, built) {
  const picked = pickedLinks(built);
  for (const link of picked) {
    if (/^export (?:let|var) /m.test(readFileSync(join(root, link.key), 'utf8'))) {
      throw new Error(`${link.key} exports a variable, which a lazy group (${built.name}) would read only once: export a function`);
    }
  }
  const local = (index, name) => `link${index}_${name}`;
  return [
    ...picked.map((link, index) => `import { ${link.names.map((name) => `${name} as ${local(index, name)}`).join(', ')} } from ${JSON.stringify(`./${link.key}`)};`),
    'export default {',
    ...picked.map((link, index) => `  ${JSON.stringify(link.key)}: () => ({ ${link.names.map((name) => `${JSON.stringify(name)}: ${local(index, name)}`).join(', ')} }),`),
    '};',
  ].join('\n');
}

/** The links are required when the group loads: an import would build their object and getters at every start. */
function forwarderSource(built, file, names) {
  return [
    'let real;',
    'function load() {',
    `  if (real === undefined) { const bundle = __pulseLoadBundle(${JSON.stringify(built.file.name)}); bundle.link(require('pulse:lazy-links').default); real = bundle[${JSON.stringify(file)}]; }`,
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
      // Pulse's modules import each other by relative paths, and so do a group's links.
      pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'lazy-group-forwarders') return undefined;
        const fromPulse = args.namespace === 'file' ? args.importer.startsWith(source) : args.namespace === 'lazy-links';
        if (!fromPulse) return undefined;
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
      pluginBuild.onResolve({ filter: /^pulse:lazy-links:/ }, (args) => ({ path: args.path.slice('pulse:lazy-links:'.length), namespace: 'lazy-links' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-links' }, (args) => {
        const picked = args.path.startsWith(PICKED);
        const built = builtGroups.find((group) => group.name === (picked ? args.path.slice(PICKED.length) : args.path));
        return { contents: picked ? pickedSource(root, built) : linkSource(built), loader: 'js', resolveDir: root };
      });
      pluginBuild.onEnd((result) => {
        if (result.errors.length > 0) return;
        const unused = [...entryOf.keys()].filter((path) => !forwarded.has(path)).map((path) => relative(root, path));
        if (unused.length > 0) throw new Error(`LAZY_GROUPS lists entries nothing outside their group imports: ${unused.join(', ')}`);
      });
    },
  };
}
