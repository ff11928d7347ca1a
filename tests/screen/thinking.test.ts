// The model's thinking on screen: one dim collapsed line while collapsed; Ctrl+O prints the
// latest in full and keeps later ones in full until pressed again.
import { expect, it } from 'vitest';
import { FOOTER, openRepl, submit, TURN_END } from './scenario.js';

const FIRST = 'Weigh the two layouts before answering about the file tree.';
const SECOND = 'The tests sit next to the sources, so mention that first.';

function reply(thinking: string, text: string) {
  return { content: [{ type: 'thinking' as const, thinking, signature: `sig-${text.length}` }, { type: 'text' as const, text }] };
}

it('shows thinking as one collapsed line that Ctrl+O expands', async () => {
  const { session } = await openRepl([reply(FIRST, 'Layout answered.'), reply(SECOND, 'Tests answered.')], 80);
  await submit(session, 'how is it laid out?');
  await session.waitForText(TURN_END);
  const collapsed = session.lines();
  expect(collapsed.filter((line) => /^∴ Thought for \d+s \(ctrl\+o to expand\)$/.test(line))).toHaveLength(1);
  expect(collapsed.join('\n')).not.toContain('Weigh the two layouts');
  const thoughtRow = collapsed.findIndex((line) => line.startsWith('∴ Thought'));
  expect(thoughtRow).toBeLessThan(collapsed.findIndex((line) => line.includes('Layout answered.')));

  session.write('\u000F');
  await session.waitForText('Weigh the two layouts');
  await session.waitFor((s) => s.screen().some((line) => line.includes('thinking shown')), 'the footer to say so');
  expect(session.lines().filter((line) => line.includes(FIRST))).toHaveLength(1);

  await submit(session, 'and the tests?');
  await session.waitForText('Tests answered.');
  await session.waitForText(TURN_END);
  expect(session.lines().filter((line) => line.includes(SECOND))).toHaveLength(1);

  session.write('\u000F');
  await session.waitFor((s) => !s.screen().some((line) => line.includes('thinking shown')), 'the footer hint to go');
  expect(session.lines().filter((line) => FOOTER.test(line))).toHaveLength(1);
  // Collapsing again prints nothing more: what was printed in full stays in the scrollback once.
  expect(session.lines().filter((line) => line.includes(FIRST))).toHaveLength(1);
});
