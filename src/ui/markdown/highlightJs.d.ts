// The part of highlight.js 10 that code.ts uses. Its own types reference the DOM library, which
// would put the browser's globals into every file of the project; the module is imported by its
// file path, which those types do not cover, and typed here instead.
declare module 'highlight.js/lib/index.js' {
  /** A node of the token tree: text, or a scope (`kind`) around its children. */
  export type TokenNode = string | { kind?: string; sublanguage?: boolean; children: TokenNode[] };

  type HighlightResult = {
    /** The token tree the HTML is made from. */
    emitter: { rootNode: { children: TokenNode[] } };
    /** Set when highlight.js failed and gave the code back unhighlighted. */
    errorRaised?: unknown;
  };

  const hljs: {
    getLanguage(name: string): object | undefined;
    highlight(code: string, options: { language: string; ignoreIllegals: boolean }): HighlightResult;
  };
  export default hljs;
}
