import { EventEmitter } from 'node:events';
import { render as inkRender, Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { DISABLE_BRACKETED_PASTE, ENABLE_BRACKETED_PASTE, useBracketedPaste } from '../../src/ui/input/bracketedPaste.js';
import { PastedTexts, isLargePaste, placeholderFor } from '../../src/ui/input/pastes.js';
import { KEYS, waitFor } from './helpers.js';
import { renderPrompt } from './inputHarness.js';

const START = '\u001B[200~';
const END = '\u001B[201~';
const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function prompt() {
  const harness = await renderPrompt();
  views.push(harness.view);
  return harness;
}

describe('pasted text', () => {
  it('shows a large bracketed paste as a placeholder and sends the whole text on Enter', async () => {
    const { view, frame, draft, submitted, type } = await prompt();
    const pasted = Array.from({ length: 40 }, (_, line) => `line ${line + 1}`).join('\r');
    await type('Explain this: ');
    view.stdin.write(`${START}${pasted}${END}`);
    await waitFor(() => frame().includes('[Pasted text #1 +39 lines]'));
    expect(draft()).toBe('Explain this: [Pasted text #1 +39 lines]');
    expect(frame()).not.toContain('line 20');

    await type(' please');
    view.stdin.write(KEYS.enter);
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe(`Explain this: ${pasted.replace(/\r/g, '\n')} please`);
    expect(draft()).toBe('');
  });

  it('collects a paste that arrives in several chunks, with Enter inside it, and never submits', async () => {
    const { view, draft, submitted } = await prompt();
    view.stdin.write(`${START}first`);
    view.stdin.write('\r');
    view.stdin.write(`second${END}`);
    await waitFor(() => draft() === 'first\nsecond');
    expect(submitted).toEqual([]);
  });

  it('takes keys typed in one burst (a slow link) as keystrokes, not as a paste', async () => {
    const { view, draft, submitted, type } = await prompt();
    await type('remember kiwi');
    view.stdin.write('\u0015which fruit?');
    await waitFor(() => draft() === 'which fruit?');
    view.stdin.write('x\u007F and why?\r');
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe('which fruit? and why?');
    expect(draft()).toBe('');
  });

  it('puts a small paste in as if typed', async () => {
    const { view, draft, frame } = await prompt();
    view.stdin.write(`${START}npm test${END}`);
    await waitFor(() => draft() === 'npm test');
    expect(frame()).toContain('> npm test');
  });

  it('treats a long chunk outside brackets (no bracketed paste) as a paste too', async () => {
    const { view, draft, submitted } = await prompt();
    const long = 'x'.repeat(900);
    view.stdin.write(long);
    await waitFor(() => draft() === '[Pasted text #1]');
    view.stdin.write(KEYS.enter);
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe(long);
  });

  it('numbers pastes within a prompt and leaves edited placeholders alone', () => {
    const pastes = new PastedTexts();
    const first = pastes.add('a\nb\nc');
    const second = pastes.add('d'.repeat(801));
    expect([first, second]).toEqual(['[Pasted text #1 +2 lines]', '[Pasted text #2]']);
    expect(pastes.expand(`${first} and ${second} and [Pasted text #9]`)).toBe(`a\nb\nc and ${'d'.repeat(801)} and [Pasted text #9]`);
    pastes.clear();
    expect(pastes.add('e\nf\ng')).toBe(placeholderFor(1, 'e\nf\ng'));
  });

  it('keeps pastes of up to two lines and 800 characters inline', () => {
    expect(isLargePaste('one\ntwo')).toBe(false);
    expect(isLargePaste('one\ntwo\nthree')).toBe(true);
    expect(isLargePaste('y'.repeat(800))).toBe(false);
    expect(isLargePaste('y'.repeat(801))).toBe(true);
  });

  it('turns bracketed paste on in a real terminal while the prompt is shown, and off after', async () => {
    const written: string[] = [];
    const stdout = Object.assign(new EventEmitter(), {
      isTTY: true,
      columns: 80,
      rows: 24,
      write: (chunk: string) => {
        written.push(chunk);
        return true;
      },
    });
    function Probe() {
      useBracketedPaste(true);
      return <Text>ready</Text>;
    }
    const instance = inkRender(<Probe />, { stdout: stdout as unknown as NodeJS.WriteStream, patchConsole: false });
    await waitFor(() => written.includes(ENABLE_BRACKETED_PASTE));
    expect(written).not.toContain(DISABLE_BRACKETED_PASTE);
    instance.unmount();
    await waitFor(() => written.includes(DISABLE_BRACKETED_PASTE));
    expect(written.lastIndexOf(DISABLE_BRACKETED_PASTE)).toBeGreaterThan(written.indexOf(ENABLE_BRACKETED_PASTE));
  });
});
