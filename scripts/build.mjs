#!/usr/bin/env node
// Bundles the CLI into dist/pulse.js with esbuild. Code splitting keeps the entry tiny:
// `--version` runs from pulse.js alone, and Ink/React load only when the REPL is imported.
// Everything after the entry's own checks (src/cli/run.ts: commander, print mode, bootstrap,
// the loop, the tools) is one CommonJS bundle, chunks/cli-<hash>.cjs, that src/cli/loadCli.ts
// compiles through vm.Script with a V8 code cache. The REPL stays ESM chunks: Ink needs
// top-level await.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const entryFile = join(outdir, 'pulse.js');

const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
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
 * Packages the first model request never needs, initialised on first call instead of when the
 * bundle loads: each import of one gets a small forwarding module that requires the real
 * package when first called (esbuild keeps a required module's initialisation lazy). An import
 * of something not forwarded here fails the build, so a new use cannot silently break.
 */
const LAZY_PACKAGES = {
  execa: 'export function execa(...args) { return require("execa").execa(...args); }',
  'gray-matter': 'export default function matter(...args) { return require("gray-matter")(...args); }',
  // turndown brings a whole DOM (domino) along, the largest module initialisation in the bundle.
  turndown: 'export default function TurndownService(...args) { const Real = require("turndown"); return new Real(...args); }',
  'write-file-atomic':
    'export default function writeFileAtomic(...args) { return require("write-file-atomic")(...args); }',
};
const lazyPackages = {
  name: 'lazy-packages',
  setup(pluginBuild) {
    const names = Object.keys(LAZY_PACKAGES).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    const filter = new RegExp(`^(${names.join('|')})$`);
    // Only Pulse's own imports are redirected; packages importing each other are left alone.
    const source = join(root, 'src');
    pluginBuild.onResolve({ filter }, (args) =>
      args.importer.startsWith(source) ? { path: args.path, namespace: 'lazy-package' } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      contents: LAZY_PACKAGES[args.path],
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/**
 * Inside the Anthropic SDK, `Headers` is Pulse's LightHeaders and client.mjs's `instanceof
 * FormData` check is FormDataCheck: reading either global makes Node load all of undici, which
 * src/api/nodeFetch.ts exists to avoid. Other packages keep the globals.
 */
const sdkGlobals = {
  name: 'sdk-globals',
  setup(pluginBuild) {
    const standIns = join(root, 'src/api/lightHeaders.ts');
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]@anthropic-ai[\\/]sdk[\\/].*\.mjs$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      const names = [];
      if (/(?<![\w$.])Headers(?![\w$])/.test(contents)) names.push('LightHeaders as Headers');
      if (args.path.endsWith(join('sdk', 'client.mjs'))) names.push('FormDataCheck as FormData');
      if (names.length === 0) return undefined;
      return { contents: `import { ${names.join(', ')} } from ${JSON.stringify(standIns)};\n${contents}`, loader: 'js' };
    });
  },
};

// The hash in the name keys the code cache, since V8 itself checks only the source's length.
const cliBuild = await build({
  ...shared,
  entryPoints: ['src/cli/run.ts'],
  outfile: join(outdir, 'chunks/cli.cjs'),
  format: 'cjs',
  // Dynamic imports of external packages become require(): an import() inside vm.Script needs
  // a loader hook that Node 20 marks experimental.
  supported: { 'dynamic-import': false },
  define,
  plugins: [interactiveHandOff, lazyPackages, sdkGlobals],
});
const cliOutput = cliBuild.outputFiles[0];
if (!cliOutput) throw new Error('esbuild produced no CLI bundle');
// loadCli.ts reads the bundle as latin1, which is only the same text while it is ASCII.
if (cliOutput.contents.some((byte) => byte > 0x7f)) throw new Error('the CLI bundle must be ASCII');
// The file is one function expression, so loadCli.ts compiles it as read: wrapping it at run
// time would copy 2 MB of source. loadCli.ts passes the arguments in this order.
const cliContents = Buffer.concat([
  Buffer.from('(function (exports, require, module, __filename, __dirname, __pulseImportInteractive) {'),
  cliOutput.contents,
  Buffer.from('\n})'),
]);
const cliHash = createHash('sha256').update(cliContents).digest('hex').slice(0, 16);
const cliBundleName = `cli-${cliHash}.cjs`;
const cliBundle = { path: join(outdir, 'chunks', cliBundleName), contents: cliContents };

const result = await build({
  ...shared,
  entryPoints: { pulse: 'src/cli/main.ts' },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  format: 'esm',
  // CommonJS dependencies (react, write-file-atomic …) expect require, __filename and __dirname.
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
  define: { ...define, __PULSE_CLI_BUNDLE__: JSON.stringify(cliBundleName) },
});

// Other builds and test runs may be using dist/ right now: write the chunks first, swap the
// entry in with a rename, and only then remove chunks the new build no longer uses.
const chunkFiles = [...result.outputFiles.filter((file) => file.path !== entryFile), cliBundle];
const entryOutput = result.outputFiles.find((file) => file.path === entryFile);
if (!entryOutput) throw new Error('esbuild produced no dist/pulse.js');
await mkdir(join(outdir, 'chunks'), { recursive: true });
await Promise.all(chunkFiles.map((file) => writeFile(file.path, file.contents)));
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
