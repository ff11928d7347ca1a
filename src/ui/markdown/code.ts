// Code blocks highlighted by highlight.js in cli-highlight's colours; unknown languages stay
// plain. cli-highlight itself turns highlight.js's HTML back into a tree with an HTML parser
// (parse5) before colouring it, which cost half of each highlighted line and most of the first
// one; the REPL highlights every finished line of a code block and its unfinished one each frame,
// so the tree highlight.js builds is coloured here directly, as cli-highlight colours the parsed
// one (tests/ui/codeHighlight.test.ts holds the two to the same bytes).
import hljs, { type TokenNode } from 'highlight.js/lib/index.js';
import { DEFAULT_THEME, plain } from 'cli-highlight/dist/theme.js';
import { expandTabs } from './ansi.js';

const THEME = DEFAULT_THEME as unknown as Record<string, ((text: string) => string) | undefined>;

export function highlightCode(code: string, language: string | undefined): string {
  const lang = language?.trim().split(/\s+/)[0];
  if (!lang || !hljs.getLanguage(lang)) return code;
  // As the HTML parser reads the text back: line breaks as `\n`, NUL characters dropped.
  const source = code.replace(/\r\n?/g, '\n').replace(/\0/g, '');
  try {
    const result = hljs.highlight(source, { language: lang, ignoreIllegals: true });
    // highlight.js recovers from its own errors by giving back the code as it was.
    if ('errorRaised' in result) return source;
    return colorize(result.emitter.rootNode.children, undefined);
  } catch {
    return code;
  }
}

/**
 * As cli-highlight colours the parsed HTML: a scope's text is styled once, by the token its CSS
 * class names (the word after `hljs-`), and nested scopes inside it by their own; text outside
 * every scope, and inside an embedded language's scope, takes the theme's default.
 */
function colorize(nodes: readonly TokenNode[], token: string | undefined): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += token === undefined ? style('default')(node) : node;
    // A scope without a name is no element in the HTML: its children belong to the one around it.
    else if (!node.kind) out += colorize(node.children, token);
    else if (node.sublanguage) out += colorize(node.children, undefined);
    else {
      const named = /^\w+/.exec(node.kind)?.[0];
      out += named === undefined ? colorize(node.children, undefined) : style(named)(colorize(node.children, named));
    }
  }
  return out;
}

function style(token: string): (text: string) => string {
  return THEME[token] ?? plain;
}

/** Code lines are indented so they stand apart from prose without drawing a box. */
export const CODE_INDENT = '  ';

export function renderCodeLines(code: string, language: string | undefined): string[] {
  return highlightCode(expandTabs(code), language)
    .split('\n')
    .map((line) => CODE_INDENT + line);
}
