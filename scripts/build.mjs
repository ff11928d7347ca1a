#!/usr/bin/env node
// Bundles the CLI into dist/pulse.js with esbuild. Code splitting keeps the entry tiny:
// `--version` runs from pulse.js alone, and Ink/React load only when the REPL is imported.
import { build } from 'esbuild';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const entryFile = join(outdir, 'pulse.js');

const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

// The REPL lives in src/ui/ and is written separately; until src/ui/main.tsx exists the
// interactive call site must still bundle, so it resolves to an empty module instead.
const optionalUiPlugin = {
  name: 'optional-ui-entry',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/ui\/main\.js$/ }, (args) => {
      const base = resolve(args.resolveDir, args.path).replace(/\.js$/, '');
      const present = ['.tsx', '.ts'].some((ext) => existsSync(base + ext));
      if (present) return undefined;
      return { path: 'missing-ui-main', namespace: 'optional-ui' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'optional-ui' }, () => ({
      contents: 'export {};',
      loader: 'js',
    }));
  },
};

await rm(outdir, { recursive: true, force: true });

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
  metafile: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __pulseCreateRequire } from 'module'; const require = __pulseCreateRequire(import.meta.url);",
  },
  define: {
    'process.env.NODE_ENV': '"production"',
    __PULSE_VERSION__: JSON.stringify(pkg.version),
  },
  alias: {
    'react-devtools-core': join(root, 'scripts/stubs/react-devtools-core.mjs'),
  },
  external: ['@vscode/ripgrep'],
  plugins: [optionalUiPlugin],
});

const entry = await readFile(entryFile, 'utf8');
await writeFile(entryFile, `#!/usr/bin/env node\n${entry}`);
await chmod(entryFile, 0o755);

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
const entryBytes = result.metafile.outputs['dist/pulse.js']?.bytes ?? 0;
console.log(
  `built dist/pulse.js (${(entryBytes / 1024).toFixed(1)} KB entry, ${(bytes / 1024).toFixed(0)} KB total)`,
);
