import { afterEach, describe, expect, it } from 'vitest';
import { PromptHistory } from '../../src/ui/input/history.js';
import { applyReverseSearchKey, reverseSearchLine, startReverseSearch } from '../../src/ui/input/reverseSearch.js';
import { bufferOf } from '../../src/ui/input/textBuffer.js';
import { KEYS, key, waitFor } from './helpers.js';
import { renderPrompt } from './inputHarness.js';

const CTRL_R = '\u0012';
const CTRL_G = '\u0007';
const HISTORY = ['git status', 'npm test', 'git commit -m "first"', 'explain the parser', 'git push'];

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function prompt() {
  const harness = await renderPrompt({ history: HISTORY });
  views.push(harness.view);
  return harness;
}

describe('Ctrl+R reverse search', () => {
  it('shows the newest match as the query is typed, and older ones on Ctrl+R', async () => {
    const { view, frame } = await prompt();
    view.stdin.write(CTRL_R);
    await waitFor(() => frame().includes("(reverse-i-search)`': "));
    view.stdin.write('g');
    view.stdin.write('i');
    view.stdin.write('t');
    await waitFor(() => frame().includes("(reverse-i-search)`git': git push"));
    view.stdin.write(CTRL_R);
    await waitFor(() => frame().includes("(reverse-i-search)`git': git commit -m \"first\""));
    view.stdin.write(CTRL_R);
    await waitFor(() => frame().includes("(reverse-i-search)`git': git status"));
    view.stdin.write(CTRL_R);
    await waitFor(() => frame().includes("(failed reverse-i-search)`git': git status"));
  });

  it('refines the match as the query grows and puts it in the editor on Enter, without sending', async () => {
    const { view, frame, draft, submitted } = await prompt();
    view.stdin.write(CTRL_R);
    for (const char of 'git c') view.stdin.write(char);
    await waitFor(() => frame().includes("`git c': git commit"));
    view.stdin.write(KEYS.enter);
    await waitFor(() => draft() === 'git commit -m "first"');
    expect(submitted).toEqual([]);
    expect(frame()).not.toContain('reverse-i-search');
    expect(frame()).toContain('> git commit -m "first"');
  });

  it('accepts with Right too', async () => {
    const { view, draft } = await prompt();
    view.stdin.write(CTRL_R);
    for (const char of 'npm') view.stdin.write(char);
    view.stdin.write(KEYS.right);
    await waitFor(() => draft() === 'npm test');
  });

  it('cancels with Esc or Ctrl+G and gives back the draft as it was', async () => {
    const { view, draft, frame, type } = await prompt();
    await type('half typed');
    view.stdin.write(CTRL_R);
    for (const char of 'push') view.stdin.write(char);
    await waitFor(() => frame().includes('git push'));
    view.stdin.write(KEYS.escape);
    await waitFor(() => !frame().includes('reverse-i-search'));
    expect(draft()).toBe('half typed');

    view.stdin.write(CTRL_R);
    for (const char of 'npm') view.stdin.write(char);
    await waitFor(() => frame().includes("`npm': npm test"));
    view.stdin.write(CTRL_G);
    await waitFor(() => !frame().includes('reverse-i-search'));
    expect(draft()).toBe('half typed');
  });

  it('searches again from the newest entry after Backspace, ignoring case', () => {
    const history = new PromptHistory({ initial: HISTORY });
    let state = startReverseSearch(bufferOf(''));
    for (const char of 'GIT P') {
      const outcome = applyReverseSearchKey(state, char, key(), history);
      if (outcome.type !== 'searching') throw new Error('search ended early');
      state = outcome.state;
    }
    expect(state.match?.entry).toBe('git push');
    const backspaced = applyReverseSearchKey(state, '', key({ backspace: true }), history);
    if (backspaced.type !== 'searching') throw new Error('search ended early');
    expect(backspaced.state.query).toBe('GIT ');
    expect(reverseSearchLine(backspaced.state)).toEqual({ label: "(reverse-i-search)`GIT ': ", match: 'git push' });
  });
});
