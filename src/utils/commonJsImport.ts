// `await import()` of a CommonJS package, the same in every build. Node and the CLI bundle hand
// over its exports as named ones; the REPL's ES module build (esbuild's code splitting) only as
// the default export. The default is module.exports in all three, so it is the one to read.
export function commonJsExports<T extends object>(imported: T): T {
  const whole = (imported as { default?: unknown }).default;
  return typeof whole === 'object' && whole !== null ? (whole as T) : imported;
}
