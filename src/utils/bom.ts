// Editors on Windows often save UTF-8 with a byte-order mark; JSON.parse and the frontmatter
// fence check both trip on it, so every configuration reader drops it first.
const BOM = '\uFEFF';

export function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}
