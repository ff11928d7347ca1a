#!/usr/bin/env node
// Bundles the CLI into dist/ with esbuild. The entry, dist/pulse.js, is a small CommonJS file:
// `--version` runs from it alone. Everything after the entry's own checks (src/cli/run.ts:
// commander, print mode, bootstrap, the loop, the tools) is one CommonJS bundle,
// chunks/cli-<hash>.cjs, that src/cli/loadCli.ts compiles through vm.Script with a V8 code
// cache; packages no first request needs are cold bundles beside it, loaded the same way on
// first use. The REPL stays ES module chunks (Ink needs top-level await), imported only when
// the session is interactive.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { englishZodOnly, inkBoundedTextCaches, inkInputWithTheFrame, inkLineDiff, inkStaticInOneCommit, lazyCommanderChildProcess, lazyZodDefinitions, oneStringWidth, sdkGlobals, sdkStatusErrorsOnly } from './packagePatches.mjs';
import { builtInToolInputSchemas } from './toolSchemas.mjs';
import { buildLazyGroups, lazyGroupForwarders } from './lazyModules.mjs';
import { lazyBuiltins } from './lazyBuiltins.mjs';
import { lazyZod } from './lazyZod.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const entryFile = join(outdir, 'pulse.js');

const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

// For start-up work: PULSE_BUILD_KEEP_NAMES=1 keeps identifiers, so a --cpu-prof names Pulse's
// functions (scripts/bench/startupProfile.mjs); PULSE_BUILD_METAFILE=<file> writes esbuild's
// account of the CLI bundle (which module brought how many bytes) for `esbuild --analyze`.
const keepNames = process.env.PULSE_BUILD_KEEP_NAMES === '1';
const metafilePath = process.env.PULSE_BUILD_METAFILE;

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // esbuild's `minify` overrides a minifyIdentifiers beside it, so the three are spelt out.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: !keepNames,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
  alias: {
    'react-devtools-core': join(root, 'scripts/stubs/react-devtools-core.mjs'),
  },
  external: ['@vscode/ripgrep'],
};
const define = {
  'process.env.NODE_ENV': '"production"',
  __PULSE_VERSION__: JSON.stringify(pkg.version),
};

/**
 * run.ts imports the REPL face with `import('./interactive.js')`; in the CommonJS bundle that
 * import becomes a hand-off to the ES module build, through a function loadCli.ts passes in.
 */
const interactiveHandOff = {
  name: 'interactive-hand-off',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/interactive\.js$/ }, (args) =>
      args.importer.endsWith(join('src', 'cli', 'run.ts')) ? { path: 'interactive', namespace: 'hand-off' } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'hand-off' }, () => ({
      contents:
        'export function runInteractive(...args) { return __pulseImportInteractive().then((face) => face.runInteractive(...args)); }',
      loader: 'js',
    }));
  },
};

/**
 * Packages the first model request never needs. Each group is bundled into a file of its own
 * beside the CLI bundle and required on first use, so start-up neither reads nor compiles it;
 * the MCP SDK's entry points share one group so they share one copy of its internals.
 */
const COLD_GROUPS = {
  execa: ['execa'],
  // YAML is read only when a command, skill, agent or rule file has frontmatter.
  'js-yaml': ['js-yaml'],
  // turndown brings a whole DOM (domino) along, the largest package in the bundle.
  turndown: ['turndown'],
  // Only Glob and Grep's own search walk folders with it; start-up lists command files itself.
  'fast-glob': ['fast-glob'],
  // Glob matches ripgrep's file list against the pattern with it.
  picomatch: ['picomatch'],
  // .gitignore-style matching and patches: only tools at work, path rules and scoped memory use them.
  ignore: ['ignore'],
  diff: ['diff'],
  mcp: [
    '@modelcontextprotocol/sdk/client/auth.js',
    '@modelcontextprotocol/sdk/client/index.js',
    '@modelcontextprotocol/sdk/client/sse.js',
    '@modelcontextprotocol/sdk/client/stdio.js',
    '@modelcontextprotocol/sdk/client/streamableHttp.js',
    '@modelcontextprotocol/sdk/types.js',
    '@modelcontextprotocol/sdk/validation/ajv',
  ],
  // The cloud providers' wrappers of the Anthropic SDK and their credential libraries: only a
  // session whose environment selects the provider loads them (src/api/providers/).
  bedrock: ['@anthropic-ai/bedrock-sdk', '@aws-sdk/credential-providers'],
  vertex: ['@anthropic-ai/vertex-sdk', 'google-auth-library'],
  foundry: ['@anthropic-ai/foundry-sdk'],
  'azure-identity': ['@azure/identity'],
};
/**
 * Modules a cold group takes from the CLI bundle instead of carrying its own copy. The provider
 * wrappers bundle the Anthropic SDK again, and Pulse tells its failures apart with instanceof
 * (src/api/errors.ts), so every copy must throw the CLI bundle's error classes. The CLI's
 * forwarder hands these to the group (`link`) before the group's packages are first required.
 */
const SHARED_WITH_COLD = {
  '@anthropic-ai/sdk/core/error': /[\\/]node_modules[\\/]@anthropic-ai[\\/]sdk[\\/]core[\\/]error\.m?js$/,
};
const LINKED_GROUPS = new Set(['bedrock', 'vertex', 'foundry']);
/**
 * Pulse's static imports of a cold package get a forwarding module whose functions load the
 * package when first called (`cold()` returns its exports). A static import of a cold package
 * without one here fails the build, since it would load the package at start-up; so does
 * importing a name a forwarder does not export. Dynamic imports load the group when they run.
 */
const FORWARDERS = {
  execa: 'export function execa(...args) { return cold().execa(...args); }',
  'js-yaml': 'export function load(...args) { return cold().load(...args); }',
  turndown: 'export default function TurndownService(...args) { const Real = cold(); return new Real(...args); }',
  ignore: 'export default function ignore(...args) { return cold()(...args); }',
  diff: 'export function structuredPatch(...args) { return cold().structuredPatch(...args); }',
  // fast-glob's default export is a function that carries the package's other functions.
  'fast-glob': [
    'export default function fastGlob(...args) { return cold()(...args); }',
    "for (const name of ['glob', 'async', 'sync', 'stream', 'globSync', 'globStream', 'generateTasks', 'isDynamicPattern', 'escapePath', 'convertPathToPattern'])",
    '  fastGlob[name] = (...args) => cold()[name](...args);',
  ].join('\n'),
};
/**
 * Every bundle file is one function expression, so src/cli/loadCli.ts compiles it as read
 * (wrapping it at run time would copy the source) and runs it with these arguments.
 */
function wrapBundle(contents) {
  return Buffer.concat([
    Buffer.from('(function (exports, require, module, __filename, __dirname, __pulseImportInteractive, __pulseLoadBundle, __pulseCodeCache) {'),
    contents,
    Buffer.from('\n})'),
  ]);
}

/** The hash in a bundle's name keys its code cache, since V8 itself checks only the length. */
function hashedName(stem, contents) {
  return `${stem}-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.cjs`;
}

// loadCli.ts reads bundles as latin1, which is only the same text while they are ASCII.
function assertAscii(name, contents) {
  if (contents.some((byte) => byte > 0x7f)) throw new Error(`the bundle ${name} must be ASCII`);
}

/**
 * Inside a linked group, every import that lands on a shared module's file (the SDK's CommonJS
 * or ES module build, by any path) reads the CLI bundle's copy instead. The build fails if no
 * import of it was seen: the group would carry its own copy again.
 */
function sharedFromCli(group) {
  return {
    name: 'shared-from-cli',
    setup(pluginBuild) {
      const seen = new Set();
      pluginBuild.onResolve({ filter: /error(\.m?js)?$/ }, async (args) => {
        if (args.pluginData === 'shared-from-cli') return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'shared-from-cli' });
        const spec = Object.keys(SHARED_WITH_COLD).find((key) => SHARED_WITH_COLD[key].test(resolved.path));
        if (!spec) return undefined;
        seen.add(spec);
        return { path: spec, namespace: 'shared-from-cli' };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'shared-from-cli' }, (args) => ({
        contents: `module.exports = require('pulse:cold-link').modules[${JSON.stringify(args.path)}];`,
        loader: 'js',
        resolveDir: root,
      }));
      pluginBuild.onResolve({ filter: /^pulse:cold-link$/ }, () => ({ path: 'link', namespace: 'cold-link' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'cold-link' }, () => ({ contents: 'exports.modules = {};', loader: 'js' }));
      pluginBuild.onEnd(() => {
        const missing = Object.keys(SHARED_WITH_COLD).filter((spec) => !seen.has(spec));
        if (missing.length > 0) throw new Error(`cold group ${group} no longer imports ${missing.join(', ')}: update SHARED_WITH_COLD`);
      });
    },
  };
}

/** A linked group's packages are required on first access, after the CLI has linked it. */
function coldEntry(group, specifiers) {
  if (!LINKED_GROUPS.has(group)) {
    return `module.exports = {${specifiers.map((spec) => `${JSON.stringify(spec)}: require(${JSON.stringify(spec)})`).join(',')}};`;
  }
  const getters = specifiers.map((spec) => `get ${JSON.stringify(spec)}() { return require(${JSON.stringify(spec)}); }`);
  return `const linked = require('pulse:cold-link'); module.exports = { link(modules) { Object.assign(linked.modules, modules); }, ${getters.join(', ')} };`;
}

async function buildColdGroup(group, specifiers) {
  const output = await build({
    ...shared,
    stdin: { contents: coldEntry(group, specifiers), resolveDir: root, loader: 'js' },
    outfile: join(outdir, 'chunks', `cold-${group}.cjs`),
    format: 'cjs',
    define,
    plugins: LINKED_GROUPS.has(group) ? [sharedFromCli(group), sdkStatusErrorsOnly, englishZodOnly, lazyZodDefinitions] : [englishZodOnly, lazyZodDefinitions],
  });
  assertAscii(`cold-${group}`, output.outputFiles[0].contents);
  const contents = wrapBundle(output.outputFiles[0].contents);
  const name = hashedName(`cold-${group}`, contents);
  return { group, specifiers, name, path: join(outdir, 'chunks', name), contents };
}

function coldPackages(coldFiles) {
  const fileOf = new Map(coldFiles.flatMap((file) => file.specifiers.map((spec) => [spec, file])));
  const escaped = [...fileOf.keys()].map((spec) => spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const filter = new RegExp(`^(${escaped.join('|')})$`);
  // Only Pulse's own imports are redirected; packages importing each other are left alone.
  const source = join(root, 'src');
  return {
    name: 'cold-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter }, (args) => {
        // A lazy group's links (scripts/lazyModules.mjs) count as Pulse's imports.
        if (!args.importer.startsWith(source) && args.namespace !== 'lazy-links') return undefined;
        if (args.kind === 'import-statement' && !FORWARDERS[args.path]) {
          return { errors: [{ text: `${args.path} is a cold package: import it with await import(), or add a forwarder` }] };
        }
        return { path: args.path, namespace: 'cold-package' };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'cold-package' }, (args) => {
        const file = fileOf.get(args.path);
        const name = JSON.stringify(file.name);
        const load = LINKED_GROUPS.has(file.group)
          ? `const bundle = __pulseLoadBundle(${name}); bundle.link(require('pulse:shared-with-cold').default);`
          : `const bundle = __pulseLoadBundle(${name});`;
        const cold = `function cold() { ${load} return bundle[${JSON.stringify(args.path)}]; }`;
        return { contents: `${cold}\n${FORWARDERS[args.path] ?? 'module.exports = cold();'}`, loader: 'js', resolveDir: root };
      });
      // The CLI's own copies of the shared modules, as ES modules like Pulse's imports of them.
      pluginBuild.onResolve({ filter: /^pulse:shared-with-cold$/ }, () => ({ path: 'shared', namespace: 'shared-with-cold' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'shared-with-cold' }, () => ({
        contents: Object.keys(SHARED_WITH_COLD)
          .map((spec, index) => `import * as shared${index} from ${JSON.stringify(spec)};`)
          .concat(`export default { ${Object.keys(SHARED_WITH_COLD).map((spec, index) => `${JSON.stringify(spec)}: shared${index}`).join(', ')} };`)
          .join('\n'),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

const [coldFiles, toolInputSchemas] = await Promise.all([
  Promise.all(Object.entries(COLD_GROUPS).map(([group, specifiers]) => buildColdGroup(group, specifiers))),
  builtInToolInputSchemas(root),
]);
/** src/tools/apiSchema.ts sends these instead of building and converting the tools' zod schemas. */
const toolDefine = { ...define, __PULSE_TOOL_INPUT_SCHEMAS__: JSON.stringify(toolInputSchemas) };
/** Pulse's own modules start-up never runs, in bundles of their own (scripts/lazyModules.mjs). */
const lazyGroups = await buildLazyGroups(root, {
  options: { ...shared, define: toolDefine },
  coldSpecifiers: new Set(Object.values(COLD_GROUPS).flat()),
  finish: (stem, code) => {
    assertAscii(stem, code);
    const contents = wrapBundle(code);
    const name = hashedName(stem, contents);
    return { name, path: join(outdir, 'chunks', name), contents };
  },
});

const cliBuild = await build({
  ...shared,
  entryPoints: ['src/cli/run.ts'],
  outfile: join(outdir, 'chunks/cli.cjs'),
  format: 'cjs',
  // Dynamic imports of external packages become require(): an import() inside vm.Script needs
  // a loader hook that Node 20 marks experimental.
  supported: { 'dynamic-import': false },
  define: toolDefine,
  plugins: [interactiveHandOff, coldPackages(coldFiles), lazyGroupForwarders(root, lazyGroups), lazyBuiltins(join(root, 'src')), await lazyZod(join(root, 'src')), sdkStatusErrorsOnly, sdkGlobals, englishZodOnly, lazyZodDefinitions, lazyCommanderChildProcess],
  metafile: metafilePath !== undefined,
});
if (metafilePath) await writeFile(metafilePath, JSON.stringify(cliBuild.metafile));
const cliOutput = cliBuild.outputFiles[0];
if (!cliOutput) throw new Error('esbuild produced no CLI bundle');
assertAscii('cli', cliOutput.contents);
const cliContents = wrapBundle(cliOutput.contents);
const cliBundleName = hashedName('cli', cliContents);
const cliBundle = { path: join(outdir, 'chunks', cliBundleName), contents: cliContents };

// The REPL stays ES modules, since Ink needs top-level await: .mjs files, as dist/ is CommonJS.
const replBuild = await build({
  ...shared,
  entryPoints: ['src/cli/interactive.ts'],
  outdir: join(outdir, 'chunks'),
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  format: 'esm',
  metafile: true,
  plugins: [oneStringWidth, inkLineDiff, inkStaticInOneCommit, inkBoundedTextCaches, inkInputWithTheFrame],
  // CommonJS dependencies (react …) expect require, __filename and __dirname.
  banner: {
    js: [
      "import { createRequire as __pulseCreateRequire } from 'module';",
      "import { fileURLToPath as __pulseFileURLToPath } from 'url';",
      "import { dirname as __pulseDirname } from 'path';",
      'const require = __pulseCreateRequire(import.meta.url);',
      'const __filename = __pulseFileURLToPath(import.meta.url);',
      'const __dirname = __pulseDirname(__filename);',
    ].join(' '),
  },
  define: toolDefine,
});
const replEntry = Object.entries(replBuild.metafile.outputs).find(([, output]) => output.entryPoint === 'src/cli/interactive.ts');
if (!replEntry) throw new Error('esbuild produced no REPL entry');
const replEntryName = replEntry[0].split('/').pop();

/** main.ts imports the REPL as `./interactive.js`; in the build that is the ES module chunk. */
const replHandOff = {
  name: 'repl-hand-off',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/interactive\.js$/ }, () => ({ path: `./chunks/${replEntryName}`, external: true }));
  },
};

// The entry is CommonJS: Node starts it without initialising its ES module loader.
const result = await build({
  ...shared,
  entryPoints: ['src/cli/main.ts'],
  outfile: entryFile,
  format: 'cjs',
  // The directive must come first for the whole file to be strict, as esbuild's own output is.
  banner: { js: "'use strict';\nconst __pulseEntryUrl = require('url').pathToFileURL(__filename).href;" },
  define: { ...define, __PULSE_CLI_BUNDLE__: JSON.stringify(cliBundleName), 'import.meta.url': '__pulseEntryUrl' },
  plugins: [replHandOff],
});

// Other builds and test runs may be using dist/ right now: write the chunks first, swap the
// entry in with a rename, and only then remove chunks the new build no longer uses.
const chunkFiles = [...replBuild.outputFiles, cliBundle, ...coldFiles, ...lazyGroups.map((group) => group.file)];
const entryOutput = result.outputFiles.find((file) => file.path === entryFile);
if (!entryOutput) throw new Error('esbuild produced no dist/pulse.js');
await mkdir(join(outdir, 'chunks'), { recursive: true });
await Promise.all(chunkFiles.map((file) => writeFile(file.path, file.contents)));
// The root package.json says "module"; dist/ holds the CommonJS entry and bundles.
await writeFile(join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
const staging = `${entryFile}.${process.pid}.tmp`;
await writeFile(staging, `#!/usr/bin/env node\n${entryOutput.text}`);
await chmod(staging, 0o755);
await rename(staging, entryFile);

const current = new Set(chunkFiles.map((file) => file.path));
const existing = await readdir(join(outdir, 'chunks'));
await Promise.all(
  existing
    .map((name) => join(outdir, 'chunks', name))
    .filter((path) => !current.has(path))
    .map((path) => rm(path, { force: true })),
);

const totalBytes = chunkFiles.reduce((sum, file) => sum + file.contents.length, entryOutput.contents.length);
console.log(
  `built dist/pulse.js (${(entryOutput.contents.length / 1024).toFixed(1)} KB entry, ${(totalBytes / 1024).toFixed(0)} KB total; CLI bundle ${(cliBundle.contents.length / 1024).toFixed(0)} KB)`,
);
