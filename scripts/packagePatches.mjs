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
 * zod makes a class for each of its ~120 schema types at load, though only an error type
 * (a `Parent`) ever instantiates it: about a third of what loading zod allocates before the
 * first request. The class is made on first use instead.
 */
export const lazyZodDefinitions = {
  name: 'lazy-zod-definitions',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      const eager = [
        '    const Parent = params?.Parent ?? Object;',
        '    class Definition extends Parent {',
        '    }',
        '    Object.defineProperty(Definition, "name", { value: name });',
        '    function _(def) {',
        '        const inst = params?.Parent ? newError(Definition) : this;',
      ].join('\n');
      if (!contents.includes(eager)) throw new Error('zod changed: review lazyZodDefinitions in scripts/packagePatches.mjs');
      const lazy = [
        '    let Definition;',
        '    function _(def) {',
        '        if (params?.Parent && Definition === undefined) {',
        '            Definition = class extends params.Parent {};',
        '            Object.defineProperty(Definition, "name", { value: name });',
        '        }',
        '        const inst = params?.Parent ? newError(Definition) : this;',
      ].join('\n');
      return { contents: contents.replace(eager, lazy), loader: 'js' };
    });
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

/** Replaces `search` in `contents` (every occurrence when `all`), or fails the build naming `what`. */
function mustReplace(contents, search, replacement, what, all = false) {
  if (!contents.includes(search)) throw new Error(`ink changed: ${what} no longer applies (review the Ink patches in scripts/packagePatches.mjs)`);
  return all ? contents.replaceAll(search, replacement) : contents.replace(search, replacement);
}

/**
 * Ink's own terminal writer (log-update) erases and rewrites the whole live area whenever
 * <Static> output arrives, and its incremental mode lands every update a row too low. Pulse's
 * LineDiffLog (src/ui/terminal/lineDiffLog.ts) takes its place: Ink hands it each frame and the
 * finished output, it writes only what changed. Ink's paths that bypass the writer go: the
 * clear-everything repaint of frames as tall as the screen (LineDiffLog keeps frames shorter),
 * the erase on a narrower terminal (the writer knows how the terminal rewrapped its rows), and
 * synchronized-update markers around every small frame (the writer adds them to large ones).
 */
export const inkLineDiff = {
  name: 'ink-line-diff',
  setup(pluginBuild) {
    const writer = join(root, 'src/ui/terminal/inkLog.ts');
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]log-update\.js$/ }, () => ({
      contents: `export { default } from ${JSON.stringify(writer)};`,
      loader: 'js',
    }));
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]ink\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      contents = mustReplace(
        contents,
        'this.log.clear();\n            this.options.stdout.write(staticOutput);\n            this.log(outputToRender);',
        // A frame still waiting in the throttle is older than this one: it must not follow it.
        'this.throttledLog.cancel?.();\n            this.log.commit(staticOutput, outputToRender);',
        'the static-output commit',
      );
      contents = mustReplace(contents, 'if (this.lastOutputHeight >= this.options.stdout.rows) {', 'if (false) {', 'the tall-frame repaint');
      contents = mustReplace(
        contents,
        "this.log.clear();\n            this.lastOutput = '';\n            this.lastOutputToRender = '';",
        "this.lastOutput = '';\n            this.lastOutputToRender = '';",
        'the erase on a narrower terminal',
      );
      contents = mustReplace(contents, 'shouldSynchronize(this.options.stdout)', 'false', 'the synchronized-update markers', true);
      // A resize can push the top of a tall frame into the scrollback; the writer then clears
      // the terminal and prints the conversation again, which Ink keeps (fullStaticOutput).
      contents = mustReplace(
        contents,
        'this.log = logUpdate.create(options.stdout, {',
        'this.log = logUpdate.create(options.stdout, {\n            printed: () => this.fullStaticOutput,',
        'the printed output handed to the writer',
      );
      return { contents, loader: 'js' };
    });
    // Every frame builds a fresh Output, and with it empty caches: each line of the live area
    // (the prompt box's borders, the footer, the answer's unchanged rows) was split into styled
    // cells and turned back into a string anew ten times a second. The caches are kept from
    // frame to frame (emptied when they grow past a bound), the blank cells the grid starts from
    // are one shared object (Output only reads cells, never changes one), and a row of the live
    // area whose cells are the very ones of a row last frame, the same or a few rows up or down
    // (the answer's live line grew a row, pushing the prompt box down), reuses that row's
    // string. Static output is printed once, so its rows are never kept: they would only push
    // the live area's rows out of the comparison.
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      contents = mustReplace(
        contents,
        'caches = new OutputCaches();',
        'caches = framesCaches();',
        'the per-frame output caches',
      );
      contents = mustReplace(
        contents,
        'const lineWithoutEmptyItems = line.filter(item => item !== undefined);\n            return styledCharsToString(lineWithoutEmptyItems).trimEnd();',
        'return this.printedOnce ? rowString(line) : rowText(line, y, rows.length);',
        'the row strings',
      );
      contents = mustReplace(contents, '.map(line => {\n            // See https://github.com/vadimdemedes/ink/pull/564', '.map((line, y, rows) => {\n            // See https://github.com/vadimdemedes/ink/pull/564', 'the row index');
      contents = mustReplace(
        contents,
        "row.push({\n                    type: 'char',\n                    value: ' ',\n                    fullWidth: false,\n                    styles: [],\n                });",
        'row.push(BLANK_CELL);',
        'the blank cells of the output grid',
      );
      // On a line of its own: the file ends with a source-map comment.
      contents += `\n${[
        "const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });",
        'const CACHED_ENTRIES = 4000;',
        'let sharedCaches;',
        'function framesCaches() {',
        '  const size = sharedCaches ? sharedCaches.widths.size + sharedCaches.blockWidths.size + sharedCaches.styledChars.size : Infinity;',
        '  if (size > CACHED_ENTRIES) sharedCaches = new OutputCaches();',
        '  return sharedCaches;',
        '}',
        'function rowString(line) {',
        '  return styledCharsToString(line.filter(item => item !== undefined)).trimEnd();',
        '}',
        'let previousRows = [];',
        'let currentRows = [];',
        'const ROW_SHIFTS = [0, -1, 1, -2, 2, -3, 3];',
        'function sameCells(a, b) {',
        '  if (a.length !== b.length) return false;',
        '  for (let x = 0; x < a.length; x++) if (a[x] !== b[x]) return false;',
        '  return true;',
        '}',
        'function rowText(line, y, height) {',
        '  let text;',
        '  for (const shift of ROW_SHIFTS) {',
        '    const previous = previousRows[y + shift];',
        '    if (previous && sameCells(previous.cells, line)) {',
        '      text = previous.text;',
        '      break;',
        '    }',
        '  }',
        '  text ??= rowString(line);',
        '  currentRows[y] = { cells: line, text };',
        '  if (y === height - 1) {',
        '    [previousRows, currentRows] = [currentRows, previousRows];',
        '    currentRows.length = 0;',
        '  }',
        '  return text;',
        '}',
      ].join('\n')}\n`;
      return { contents, loader: 'js' };
    });
    // Each frame measured every text's widest line anew to see whether it needs wrapping; the
    // measurement Yoga's layout already cached for the same text answers that.
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      contents = mustReplace(contents, "import widestLine from 'widest-line';", "import measureText from './measure-text.js';", 'the widest-line import');
      contents = mustReplace(contents, 'const currentWidth = widestLine(text);', 'const currentWidth = measureText(text).width;', 'the text width before wrapping');
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Ink's <Static> prints its new items in one commit and drops them in a second (a state update
 * from a layout effect), and Ink renders the whole live area after every commit: each finished
 * line of a streamed answer cost two full renders (React, Yoga layout, the cell grid, the
 * diff) where one shows it. Here <Static> remembers what it printed in a ref, so the commit
 * that prints is the only one, and the renderer builds static output only in the render that
 * commit asked for: items already printed stay mounted until the next batch replaces them, and
 * are never printed twice.
 */
export const inkStaticInOneCommit = {
  name: 'ink-static-in-one-commit',
  setup(pluginBuild) {
    const patch = (file, apply) =>
      pluginBuild.onLoad({ filter: new RegExp(`[\\\\/]node_modules[\\\\/]ink[\\\\/]build[\\\\/]${file}\\.js$`) }, async (args) => ({
        contents: apply(await readFile(args.path, 'utf8')),
        loader: 'js',
      }));
    patch('components[\\\\/]Static', (contents) => {
      contents = mustReplace(contents, 'import React, { useMemo, useState, useLayoutEffect } from', 'import React, { useMemo, useRef, useLayoutEffect } from', "Static's imports");
      return mustReplace(
        contents,
        'const [index, setIndex] = useState(0);\n    const itemsToRender = useMemo(() => {\n        return items.slice(index);\n    }, [items, index]);\n    useLayoutEffect(() => {\n        setIndex(items.length);\n    }, [items.length]);',
        'const printed = useRef(0);\n    const index = printed.current;\n    const itemsToRender = items.slice(index);\n    useLayoutEffect(() => {\n        printed.current = items.length;\n    });',
        "Static's second commit",
      );
    });
    patch('reconciler', (contents) =>
      mustReplace(
        contents,
        'rootNode.isStaticDirty = false;\n            if (typeof rootNode.onImmediateRender',
        'rootNode.isStaticDirty = false;\n            rootNode.staticOutputDue = true;\n            if (typeof rootNode.onImmediateRender',
        'the static render request',
      ),
    );
    patch('renderer', (contents) => {
      contents = mustReplace(
        contents,
        'if (node.staticNode?.yogaNode) {\n            staticOutput = new Output({',
        'if (node.staticNode?.yogaNode && node.staticOutputDue) {\n            node.staticOutputDue = false;\n            staticOutput = new Output({',
        'the static output of printed items',
      );
      // Marked so the row reuse in output.js (inkLineDiff) leaves its rows out.
      return mustReplace(
        contents,
        'renderNodeToOutput(node.staticNode, staticOutput, {',
        'staticOutput.printedOnce = true;\n            renderNodeToOutput(node.staticNode, staticOutput, {',
        'the static output mark',
      );
    });
  },
};

/**
 * Ink's useInput hands its key listener to the input emitter in a passive effect, which React runs
 * after the commit's frame is on the terminal. In between, a key went to what the screen no longer
 * showed: Up pressed at a newly drawn /effort picker reached the prompt it replaced (whose
 * listener was still there), which recalled "/effort" into the draft, and the picker never moved.
 * As a layout effect the listeners change inside the commit, so every key typed after a frame
 * goes to what that frame shows (tests/screen/effort.test.ts, modelPicker.test.ts press each key once).
 */
export const inkInputWithTheFrame = {
  name: 'ink-input-with-the-frame',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      contents = mustReplace(contents, "import { useEffect } from 'react';", "import { useEffect, useLayoutEffect } from 'react';", "useInput's imports");
      contents = mustReplace(
        contents,
        '    useEffect(() => {\n        if (options.isActive === false) {\n            return;\n        }\n        const handleData = (data) => {',
        '    useLayoutEffect(() => {\n        if (options.isActive === false) {\n            return;\n        }\n        const handleData = (data) => {',
        "useInput's listener effect",
      );
      return { contents, loader: 'js' };
    });
  },
};

/** Per generation: a tall screen of live text is a few hundred texts and tens of thousands of characters. */
const INK_TEXT_CACHE_ENTRIES = 2000;
const INK_TEXT_CACHE_CHARS = 1_000_000;

/**
 * Ink caches the size of every text it lays out and every text it wraps, in a Map and an object
 * that never let an entry go: each frame of a streamed paragraph is a new text, so a long REPL
 * session kept every frame it ever drew (and its wrapped copy). Both become a TwoGenerationCache
 * (src/utils/twoGenerationCache.ts), bounded by entries and by characters held; a frame's texts
 * are far fewer than a generation holds, so what is on screen is still measured once.
 */
export const inkBoundedTextCaches = {
  name: 'ink-bounded-text-caches',
  setup(pluginBuild) {
    const cacheModule = JSON.stringify(join(root, 'src/utils/twoGenerationCache.ts'));
    const bounded = `import { TwoGenerationCache } from ${cacheModule};\nconst cache = new TwoGenerationCache(${INK_TEXT_CACHE_ENTRIES}, ${INK_TEXT_CACHE_CHARS});`;
    const patch = (file, apply) =>
      pluginBuild.onLoad({ filter: new RegExp(`[\\\\/]node_modules[\\\\/]ink[\\\\/]build[\\\\/]${file}\\.js$`) }, async (args) => ({
        contents: apply(await readFile(args.path, 'utf8')),
        loader: 'js',
      }));
    patch('measure-text', (contents) => mustReplace(contents, 'const cache = new Map();', bounded, "measure-text's cache"));
    patch('wrap-text', (contents) => {
      contents = mustReplace(contents, 'const cache = {};', bounded, "wrap-text's cache");
      contents = mustReplace(contents, 'const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);', "wrap-text's lookup");
      return mustReplace(contents, 'cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText, cacheKey.length + wrappedText.length);', "wrap-text's store");
    });
  },
};
