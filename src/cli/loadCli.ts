// Loads the program behind the entry. In a build it is one CommonJS bundle compiled through
// vm.Script, so V8 can reuse the code it compiled on an earlier run: Node 20 has no compile
// cache for ES modules, and compiling the bundle's JavaScript was most of print mode's start-up.
// The cache is only an optimisation: any problem with it means compiling from source.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { Script, constants } from 'node:vm';
import { pulseConfigDir } from '../utils/configDir.js';
import { readBundleFiles, writeCache } from './bundleFiles.js';

/** The bundle's file name in dist/chunks/, with its content hash in it; set by the build. */
declare const __PULSE_CLI_BUNDLE__: string | undefined;

type CliModule = typeof import('./run.js');
type InteractiveModule = typeof import('./interactive.js');
export type ImportInteractive = () => Promise<InteractiveModule>;

type CommonJsModule = { exports: Record<string, unknown> };
/** Loads a bundle file beside the CLI bundle once and returns its exports (the cold packages). */
type LoadBundle = (fileName: string) => Record<string, unknown>;
/**
 * Every bundle file is this function (scripts/build.mjs writes the wrapper). The REPL stays an
 * ES module, since Ink needs top-level await; the bundle reaches it through importInteractive.
 * Packages start-up never needs sit in bundles of their own that loadBundle runs on first use.
 */
type BundleWrapper = (
  exports: CommonJsModule['exports'],
  require: NodeJS.Require,
  module: CommonJsModule,
  filename: string,
  dirname: string,
  importInteractive: ImportInteractive,
  loadBundle: LoadBundle,
  codeCache: CodeCacheHooks,
) => void;

/** What the bundle tells the loader (src/utils/codeCache.ts is the bundle's side). */
type CodeCacheHooks = { startupDone(): void; beforeFlagChange(): void };

/**
 * One cache file per bundle, Node build and kind of run, so a REPL start does not replace the
 * functions print mode compiled. The bundle's hash is stored inside: V8 itself checks only the
 * length.
 */
function cacheFile(bundleName: string, kind: string): string {
  const stem = bundleName.replace(/-[0-9a-f]+\.cjs$/, '');
  return join(pulseConfigDir(), 'cache', `${stem}-${kind}-${process.version}-${process.arch}.v8cache`);
}

/** A guess is enough: a wrong one costs only cache hits, never correctness. */
function runKind(args: readonly string[]): string {
  const printFlag = args.some((arg) => arg === '-p' || arg === '--print' || /^-[a-zA-Z]*p/.test(arg));
  return printFlag || !isatty(0) || !isatty(1) ? 'print' : 'repl';
}

/**
 * Caches are written when V8 has compiled what they should hold: a REPL's at exit, so its
 * session's functions are in it; print mode's once the first model request is out (the bundle
 * calls startupDone), because V8 deserialises a whole cache at every start and functions that
 * only run later are cheaper to compile while the model is answering. Either way a cache is
 * written only when there was none or V8 refused it. V8 refuses a cache made under other flags,
 * so pending caches are saved before a flag changes, and none is written after.
 */
class CacheWriter {
  readonly #pending: Array<() => void> = [];
  #flagsChanged = false;
  readonly hooks: CodeCacheHooks;

  constructor(saveAtStartupDone: boolean) {
    this.hooks = {
      startupDone: () => {
        if (saveAtStartupDone) this.#saveAll();
      },
      beforeFlagChange: () => {
        this.#saveAll();
        this.#flagsChanged = true;
      },
    };
    process.once('exit', () => this.#saveAll());
  }

  add(script: Script, path: string, bundleName: string): void {
    if (this.#flagsChanged) return;
    this.#pending.push(() => writeCache(script, path, bundleName));
  }

  #saveAll(): void {
    for (const save of this.#pending.splice(0)) save();
  }
}

function bundleLoader(chunksDir: string, kind: string, importInteractive: ImportInteractive): LoadBundle {
  const caches = new CacheWriter(kind === 'print');
  const loaded = new Map<string, Record<string, unknown>>();
  const load: LoadBundle = (bundleName) => {
    const done = loaded.get(bundleName);
    if (done) return done;
    const bundlePath = join(chunksDir, bundleName);
    const cachePath = cacheFile(bundleName, kind);
    const { source, cachedData } = readBundleFiles(bundlePath, cachePath, bundleName);
    const script = new Script(source, {
      filename: bundlePath,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (!cachedData || script.cachedDataRejected === true) caches.add(script, cachePath, bundleName);
    const wrapper = script.runInThisContext() as BundleWrapper;
    const module: CommonJsModule = { exports: {} };
    wrapper(module.exports, createRequire(bundlePath), module, bundlePath, chunksDir, importInteractive, load, caches.hooks);
    loaded.set(bundleName, module.exports);
    return module.exports;
  };
  return load;
}

function loadBundle(bundleName: string, args: readonly string[], importInteractive: ImportInteractive): CliModule {
  const kind = runKind(args);
  // This code is part of the built entry, dist/pulse.js; the bundles are in dist/chunks/.
  const load = bundleLoader(join(dirname(fileURLToPath(import.meta.url)), 'chunks'), kind, importInteractive);
  return load(bundleName) as unknown as CliModule;
}

export async function loadCli(args: readonly string[], importInteractive: ImportInteractive): Promise<CliModule> {
  if (typeof __PULSE_CLI_BUNDLE__ !== 'string') return import('./run.js');
  return loadBundle(__PULSE_CLI_BUNDLE__, args, importInteractive);
}
