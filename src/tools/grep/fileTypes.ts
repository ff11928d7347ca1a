// The built-in engine's version of `rg --type`: the common types, by file name pattern.
import { basename } from 'node:path';

const TYPE_GLOBS: Record<string, readonly string[]> = {
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.hxx', '*.h', '*.inl'],
  cs: ['*.cs'],
  css: ['*.css', '*.scss', '*.sass', '*.less'],
  go: ['*.go'],
  html: ['*.html', '*.htm', '*.xhtml'],
  java: ['*.java'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
  json: ['*.json', '*.jsonl', '*.geojson'],
  kotlin: ['*.kt', '*.kts'],
  lua: ['*.lua'],
  markdown: ['*.md', '*.markdown', '*.mdx'],
  md: ['*.md', '*.markdown', '*.mdx'],
  php: ['*.php'],
  py: ['*.py', '*.pyi'],
  rb: ['*.rb', '*.gemspec', 'Gemfile', 'Rakefile'],
  ruby: ['*.rb', '*.gemspec', 'Gemfile', 'Rakefile'],
  rust: ['*.rs'],
  sh: ['*.sh', '*.bash', '*.zsh', '.bashrc', '.zshrc', '.profile'],
  sql: ['*.sql'],
  swift: ['*.swift'],
  toml: ['*.toml'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  typescript: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  xml: ['*.xml', '*.xsd', '*.xsl', '*.svg'],
  yaml: ['*.yaml', '*.yml'],
};

/** A test on the file name: `*.ext` patterns by suffix, the rest by exact name. */
export function fileTypeMatcher(type: string): (path: string) => boolean {
  const globs = TYPE_GLOBS[type];
  if (!globs) {
    const known = Object.keys(TYPE_GLOBS).join(', ');
    throw new Error(`Unknown file type "${type}". Known types: ${known}. Or use the glob parameter.`);
  }
  const suffixes = globs.filter((glob) => glob.startsWith('*')).map((glob) => glob.slice(1));
  const names = new Set(globs.filter((glob) => !glob.startsWith('*')));
  return (path) => {
    const name = basename(path);
    return names.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
  };
}
