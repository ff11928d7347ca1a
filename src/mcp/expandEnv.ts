// `${VAR}` and `${VAR:-default}` in server configs, so a checked-in .mcp.json can name secrets
// without holding them. A variable that is unset and has no default is reported, not guessed.

export type Expanded<T> = { value: T; missing: string[] };

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export function expandString(text: string, env: NodeJS.ProcessEnv): Expanded<string> {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (whole, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined && found !== '') return found;
    if (fallback !== undefined) return fallback;
    if (found !== undefined) return found;
    missing.push(name);
    return whole;
  });
  return { value, missing };
}

export function expandList(items: readonly string[], env: NodeJS.ProcessEnv): Expanded<string[]> {
  const results = items.map((item) => expandString(item, env));
  return { value: results.map((r) => r.value), missing: results.flatMap((r) => r.missing) };
}

export function expandRecord(record: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv): Expanded<Record<string, string>> {
  const value: Record<string, string> = {};
  const missing: string[] = [];
  for (const [key, text] of Object.entries(record)) {
    const result = expandString(text, env);
    value[key] = result.value;
    missing.push(...result.missing);
  }
  return { value, missing };
}
