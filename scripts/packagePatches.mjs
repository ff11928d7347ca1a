// What the build changes inside packages, each for a measured reason (start-up time, memory or
// the REPL's rendering cost), as esbuild plugins for scripts/build.mjs. Each touches only the
// files it names.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Inside the Anthropic SDK, `Headers` is Pulse's LightHeaders and client.mjs's `instanceof
 * FormData` check is FormDataCheck: reading either global makes Node load all of undici, which
 * src/api/nodeFetch.ts exists to avoid. client.mjs's `instanceof ReadableStream` checks on every
 * request body use ReadableStreamCheck, so the first request does not load Node's web streams.
 * Other packages keep the globals.
 */
export const sdkGlobals = {
  name: 'sdk-globals',
  setup(pluginBuild) {
    const standIns = join(root, 'src/api/lightHeaders.ts');
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]@anthropic-ai[\\/]sdk[\\/].*\.mjs$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      const names = [];
      if (/(?<![\w$.])Headers(?![\w$])/.test(contents)) names.push('LightHeaders as Headers');
      const isClient = args.path.endsWith(join('sdk', 'client.mjs'));
      if (isClient) names.push('FormDataCheck as FormData', 'ReadableStreamCheck');
      if (names.length === 0) return undefined;
      const source = isClient ? contents.replaceAll('globalThis.ReadableStream', 'ReadableStreamCheck') : contents;
      return { contents: `import { ${names.join(', ')} } from ${JSON.stringify(standIns)};\n${source}`, loader: 'js' };
    });
  },
};

/**
 * The SDK maps ~100 specific API error codes (beta storage, organisations, compaction …) to error
 * classes of their own, defined in the resource modules at load. Pulse tells errors apart by
 * status and message, and every one of those classes extends the status class the SDK uses
 * without the map, so the map is left empty and the classes drop out of the bundle.
 */
export const sdkStatusErrorsOnly = {
  name: 'sdk-status-errors-only',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]@anthropic-ai[\\/]sdk[\\/]core[\\/]error-classes\.mjs$/ }, () => ({
      contents: 'export const ERROR_CODE_CLASSES = new Map();',
      loader: 'js',
    }));
  },
};

/**
 * zod's locale namespaces (`z.locales`, `z.core.locales`) carry every language's error messages,
 * over half of zod's bytes. Pulse reports errors in English only, so they keep just `en`.
 */
export const englishZodOnly = {
  name: 'english-zod-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: join(args.resolveDir, '../locales'), namespace: 'zod-english' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
      resolveDir: args.path,
    }));
  },
};

/**
 * commander requires node:child_process at load for git-style executable subcommands, which
 * Pulse does not have; loading it (and dgram, net's process wrappers) cost start-up time. Its
 * one use, `childProcess.spawn`, now loads the module when called.
 */
export const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!contents.includes(eager)) throw new Error('commander changed: review lazyCommanderChildProcess in scripts/build.mjs');
      const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: contents.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * wrap-ansi (Ink's line wrapping) keeps an older string-width of its own, a quarter to a third
 * of the REPL's busy time while an answer streams; Ink's own, newer copy has the same API and
 * caches widths. Only wrap-ansi's import is redirected.
 */
export const oneStringWidth = {
  name: 'one-string-width',
  setup(pluginBuild) {
    const wrapAnsi = join(root, 'node_modules', 'wrap-ansi');
    pluginBuild.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer.startsWith(wrapAnsi + '/') || args.importer.startsWith(wrapAnsi + '\\')
        ? { path: join(root, 'node_modules', 'string-width', 'index.js') }
        : undefined,
    );
  },
};
