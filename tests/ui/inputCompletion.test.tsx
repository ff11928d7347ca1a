import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, waitFor } from './helpers.js';
import { renderPrompt } from './inputHarness.js';

const FILES = ['src/auth/login.ts', 'src/auth/logout.ts', 'src/audio.ts', 'src/ui/App.tsx', 'README.md'];

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function prompt() {
  const harness = await renderPrompt({ files: FILES });
  views.push(harness.view);
  return harness;
}

describe('@ file completion', () => {
  it('lists nothing and never runs the listing until an @ word is typed', async () => {
    const { type, frame, listings } = await prompt();
    await type('plain words');
    expect(listings()).toBe(0);
    expect(frame()).not.toContain('@src');
  });

  it('shows matching paths for @src/au, folders included, and Tab puts the chosen one in', async () => {
    const { type, frame, view, draft, listings } = await prompt();
    await type('read @src/au');
    await waitFor(() => frame().includes('@src/auth/login.ts'));
    expect(listings()).toBe(1);
    const menu = frame()
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^(› )?@src\//.test(line));
    expect(menu.map((line) => line.replace(/^› /, ''))).toEqual([
      '@src/auth/',
      '@src/audio.ts',
      '@src/auth/login.ts',
      '@src/auth/logout.ts',
    ]);
    expect(menu[0]).toContain('›');

    view.stdin.write(KEYS.down);
    await waitFor(() => frame().split('\n').some((line) => line.includes('› @src/audio.ts')));
    view.stdin.write(KEYS.tab);
    await waitFor(() => draft() === 'read @src/audio.ts ');
    expect(frame()).not.toContain('@src/auth/login.ts');
  });

  it('completes a folder without closing it, then Enter picks a file inside without sending', async () => {
    const { type, frame, view, draft, submitted } = await prompt();
    await type('@sr');
    await waitFor(() => frame().includes('› @src/'));
    view.stdin.write(KEYS.tab);
    await waitFor(() => draft() === '@src/');
    await type('ui');
    await waitFor(() => frame().includes('› @src/ui/'));
    view.stdin.write(KEYS.down);
    await waitFor(() => frame().includes('› @src/ui/App.tsx'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => draft() === '@src/ui/App.tsx ');
    expect(submitted).toEqual([]);
  });

  it('Up moves the highlight (wrapping to the last match) instead of recalling history', async () => {
    const harness = await renderPrompt({ files: FILES, history: ['an earlier prompt'] });
    views.push(harness.view);
    await harness.type('@src/au');
    await waitFor(() => harness.frame().includes('› @src/auth/'));
    harness.view.stdin.write(KEYS.up);
    await waitFor(() => harness.frame().includes('› @src/auth/logout.ts'));
    expect(harness.draft()).toBe('@src/au');
  });

  it('Esc hides the menu for that word, so Enter sends the prompt as typed', async () => {
    const { type, frame, view, submitted } = await prompt();
    await type('@READ');
    await waitFor(() => frame().includes('› @README.md'));
    view.stdin.write(KEYS.escape);
    await waitFor(() => !frame().includes('@README.md'));
    view.stdin.write(KEYS.enter);
    await waitFor(() => submitted.length === 1);
    expect(submitted).toEqual(['@READ']);
  });

  it('is off in shell mode', async () => {
    const { type, frame } = await prompt();
    await type('!cat @src');
    expect(frame()).not.toContain('@src/auth/');
    expect(frame()).toContain('! cat @src');
  });
});
