// The long Markdown answer the streaming benchmarks send (repl.mjs draws it, streamCpu.mjs
// receives it): headings, prose with inline code and emphasis, lists and fenced code, the same
// text on every run.

export const CHARS_PER_TOKEN = 4;

/** A deterministic Markdown answer of about `tokens` tokens: headings, prose, lists, code. */
export function longAnswer(tokens) {
  const words = ['render', 'frame', 'static', 'stream', 'token', 'layout', 'buffer', 'cursor', 'prompt', 'region'];
  const prose = (seed, count) =>
    Array.from({ length: count }, (_, index) => {
      const word = words[(seed * 7 + index * 3) % words.length];
      // About one word in nine styled, like a technical answer: code spans, some bold, a little italic.
      if (index % 19 === 5) return `\`${word}()\``;
      if (index % 29 === 7) return `**${word}**`;
      if (index % 37 === 3) return `*${word}*`;
      return word;
    }).join(' ');
  const parts = [];
  let length = 0;
  for (let section = 1; length < tokens * CHARS_PER_TOKEN; section++) {
    const block = [
      `## Part ${section}: the ${words[section % words.length]} pass`,
      '',
      `${prose(section, 60)}.`,
      '',
      `- ${prose(section + 1, 9)}`,
      `- ${prose(section + 2, 12)}`,
      `  - ${prose(section + 3, 7)}`,
      `- ${prose(section + 4, 10)}`,
      '',
      `1. ${prose(section + 5, 8)}`,
      `2. ${prose(section + 6, 11)}`,
      '',
      '```ts',
      `export function pass${section}(input: string[]): number {`,
      '  let total = 0;',
      '  for (const line of input) {',
      `    if (line.startsWith('${words[section % words.length]}')) total += line.length;`,
      '  }',
      `  return total * ${section};`,
      '}',
      '```',
      '',
      `${prose(section + 7, 45)}.`,
      '',
    ].join('\n');
    parts.push(block);
    length += block.length;
  }
  return parts.join('\n');
}
