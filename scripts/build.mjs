#!/usr/bin/env node
// Bundles the CLI into dist/pulse.js with esbuild. Code splitting keeps the entry tiny:
// `--version` runs from pulse.js alone, and Ink/React load only when the REPL is imported.
import { build } from 'esbuild';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const entryFile = join(outdir, 'pulse.js');

const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

const result = await build({
  absWorkingDir: root,
  entryPoints: { pulse: 'src/cli/main.ts' },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
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
  define: {
    'process.env.NODE_ENV': '"production"',
    __PULSE_VERSION__: JSON.stringify(pkg.version),
  },
  alias: {
    'react-devtools-core': join(root, 'scripts/stubs/react-devtools-core.mjs'),
  },
  external: ['@vscode/ripgrep'],
});

// Other builds and test runs may be using dist/ right now: write the chunks first, swap the
// entry in with a rename, and only then remove chunks the new build no longer uses.
const chunkFiles = result.outputFiles.filter((file) => file.path !== entryFile);
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

const totalBytes = result.outputFiles.reduce((sum, file) => sum + file.contents.length, 0);
console.log(
  `built dist/pulse.js (${(entryOutput.contents.length / 1024).toFixed(1)} KB entry, ${(totalBytes / 1024).toFixed(0)} KB total)`,
);
