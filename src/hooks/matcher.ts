// Matcher semantics: empty or `*` runs for everything; a plain list of names (`Edit|Write`) is
// matched exactly; anything else is an unanchored regular expression.
const PLAIN_NAMES = /^[A-Za-z0-9_|\- ,]+$/;

export type MatcherVerdict = { matches: boolean; error?: string };

export function evaluateMatcher(matcher: string | undefined, query: string | undefined): MatcherVerdict {
  const pattern = matcher?.trim() ?? '';
  if (pattern === '' || pattern === '*') return { matches: true };
  if (query === undefined) return { matches: true };
  if (PLAIN_NAMES.test(pattern)) {
    const names = pattern.split('|').map((name) => name.trim());
    return { matches: names.includes(query) };
  }
  try {
    return { matches: new RegExp(pattern).test(query) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { matches: false, error: `hook matcher "${pattern}" is not a valid regular expression (${reason})` };
  }
}
