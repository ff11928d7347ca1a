// The JSON Schema of every built-in tool's input, computed once at build time so a run neither
// builds those zod schemas nor converts them before its first request. The tools' own modules
// are bundled into a small script, with the same conversion src/tools/apiSchema.ts uses at run
// time, and run with node; it prints the schemas keyed by tool name.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';

const ENTRY = `
import { zodInputSchema } from './src/tools/apiSchema.js';
import { everyBuiltInTool } from './src/tools/builtinTools.js';

const schemas = {};
for (const tool of everyBuiltInTool()) {
  if (tool.name in schemas) throw new Error('two built-in tools are called ' + tool.name);
  schemas[tool.name] = zodInputSchema(tool);
}
process.stdout.write(JSON.stringify(schemas));
`;

/**
 * Reading a schema needs zod and Pulse's own modules only: every other package becomes an empty
 * stand-in, which keeps the script small and quick to bundle and run.
 */
const zodAndSourcesOnly = {
  name: 'zod-and-sources-only',
  setup(pluginBuild) {
    const builtins = new Set(builtinModules);
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (name === 'zod' || builtins.has(name) || args.path.startsWith('node:')) return undefined;
      return { path: args.path, namespace: 'stand-in' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/** `{ [toolName]: inputSchema }` for every built-in tool, from the sources under `root`. */
export async function builtInToolInputSchemas(root) {
  const bundled = await build({
    absWorkingDir: root,
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
    plugins: [zodAndSourcesOnly],
  });
  const script = bundled.outputFiles[0]?.contents;
  if (!script) throw new Error('esbuild produced no tool-schema script');
  const printed = execFileSync(process.execPath, ['-'], { input: script, encoding: 'utf8' });
  return JSON.parse(printed);
}
