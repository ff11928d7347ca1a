// The glob parameter as the model writes it ("*.ts *.tsx", "*.{ts,tsx}", "*.js,*.mjs") and as
// fast-glob needs it.

/** Splits on spaces and commas, except commas inside braces. */
export function splitGlobParam(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((part) => (part.includes('{') ? [part] : part.split(',')))
    .filter(Boolean);
}

/** rg matches a slash-free glob against the file name at any depth; fast-glob needs `**\/` for that. */
export function toWalkGlob(glob: string): string {
  const bare = glob.replace(/^\//, '');
  return glob.includes('/') ? bare : `**/${bare}`;
}
