// Pulse colours highlight.js's token tree itself instead of going through cli-highlight's HTML
// round trip (src/ui/markdown/code.ts): the bytes must be the ones cli-highlight writes, for
// whole blocks and for the single lines the REPL highlights as they stream, in every language
// shape an answer carries (embedded languages, nested scopes, entities, odd characters).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';

type Highlighter = (code: string, language: string | undefined) => string;
let ours: Highlighter;
let theirs: Highlighter;

beforeAll(async () => {
  // cli-highlight's chalk reads the colour level when it loads: force colours so the comparison
  // is between styled bytes, not two copies of the plain text.
  vi.stubEnv('FORCE_COLOR', '3');
  const cli = await import('cli-highlight');
  ({ highlightCode: ours } = await import('../../src/ui/markdown/code.js'));
  theirs = (code, language) => cli.highlight(code, { language, ignoreIllegals: true });
});

const SAMPLES: Array<[language: string, code: string]> = [
  ['ts', readFileSync(new URL('../../src/ui/markdown/wrap.ts', import.meta.url), 'utf8')],
  ['tsx', 'export function Row({ name }: { name: string }) {\n  return <Box gap={1}><Text bold>{`hi ${name}`}</Text></Box>;\n}'],
  ['js', "const re = /a<b>&c/g;\nconst s = `x ${a + `y ${b}`} z`;\n// <script> & \"quotes\" 'too'\n"],
  ['python', '@dataclass\nclass Point:\n    x: int = 0\n\n    def show(self) -> str:\n        return f"{self.x!r} <{self.x}>"  # comment & more\n'],
  ['bash', 'for f in "$@"; do\n  echo "$(basename "$f")" >> "${OUT:-/tmp/out}" 2>&1 && rm -rf -- "$f"\ndone\n'],
  ['html', '<!DOCTYPE html>\n<html><head><style>body { color: #333; }</style>\n<script>if (a < b && c > d) alert("&amp;");</script></head>\n<body class="x">&lt;p&gt; &copy; <!-- note --></body></html>'],
  ['json', '{\n  "name": "pulse",\n  "version": "1.0.0",\n  "nested": { "list": [1, 2.5, true, null, "<x>"] }\n}'],
  ['yaml', 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest # comment\n    steps:\n      - run: npm test && echo "done"\n'],
  ['diff', 'diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1,3 +1,3 @@\n-const a = 1;\n+const a = 2;\n unchanged\n'],
  ['sql', "SELECT id, name FROM users WHERE name LIKE '%<a>%' AND age >= 18 ORDER BY id DESC;"],
  ['rust', 'fn main() {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{:?} & {}", v, r#"raw"#);\n}\n'],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Printf("%d <%s>\\n", 42, "x")\n}\n'],
  ['css', '@media (max-width: 600px) {\n  .a > .b::after { content: "<&>"; color: rgb(1, 2, 3) !important; }\n}'],
  ['markdown', '# Title\n\nSome **bold** and `code` and <b>html</b>.\n\n```js\nlet x = 1;\n```\n'],
  ['php', '<?php\n$a = "<b>" . htmlspecialchars($x);\n?>\n<p><?= $a ?></p>'],
  // Characters an HTML parser reads differently: carriage returns and NUL.
  ['ts', 'const a = 1;\r\nconst b = "x\ry";\r\nconst c = "\u0000";'],
  ['ts', 'const emoji = "日本語 🚀 e\u0301";'],
  ['ts', ''],
];

describe('code highlighting without the HTML round trip', () => {
  it('writes styled bytes at all (the comparison is not between plain strings)', () => {
    expect(ours('const answer = 42;', 'ts')).toContain('\u001B[');
  });

  it.each(SAMPLES.map(([language, code], index) => [index, language, code]))('sample %i (%s): whole block and each line as cli-highlight writes them', (_index, language, code) => {
    expect(ours(code, language)).toBe(theirs(code, language));
    for (const line of code.split('\n')) expect(ours(line, language)).toBe(theirs(line, language));
  });

  it('leaves unknown languages and a missing language as written', () => {
    expect(ours('a < b', 'no-such-language')).toBe('a < b');
    expect(ours('a < b', undefined)).toBe('a < b');
  });
});
