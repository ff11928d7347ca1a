// A terminal resize re-lays out what is still live: the prompt box and the streaming line wrap
// to the new width at once, with nothing wider than the terminal left on screen.
import { afterEach, describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/ui/markdown/ansi.js';
import type { QueryFn } from '../../src/ui/types.js';
import { plain, settle, waitFor } from './helpers.js';
import { renderApp } from './renderApp.js';

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const neverCalled: QueryFn = () => {
  throw new Error('no turn runs in this test');
};

const DRAFT = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima';
const LIVE = 'Streaming words that arrive one after another until the line is long enough to wrap';

async function renderAtWidth(columns: number) {
  const { store, view } = renderApp({
    query: neverCalled,
  });
  views.push(view);
  let width = columns;
  // ink-testing-library's stdout has a fixed width; a real terminal's changes and says so.
  Object.defineProperty(view.stdout, 'columns', { get: () => width, configurable: true });
  const resize = (next: number): void => {
    width = next;
    view.stdout.emit('resize');
  };
  await settle();
  const lines = (): string[] => plain(view.lastFrame()).split('\n');
  return { view, store, resize, lines };
}

describe('terminal resize', () => {
  it('re-wraps the prompt box and the live line to the new width', async () => {
    const { store, resize, lines } = await renderAtWidth(100);
    store.getState().setDraft({ text: DRAFT, cursor: DRAFT.length });
    store.getState().setLiveText(LIVE);
    await waitFor(() => lines().some((line) => line.includes(DRAFT)) && lines().some((line) => line.includes(LIVE)));

    resize(30);
    await waitFor(() => !lines().some((line) => line.includes(DRAFT)));
    const frame = lines();
    for (const line of frame) expect(visibleWidth(line)).toBeLessThanOrEqual(30);
    const words = (text: string): string[] => text.split(' ');
    const joined = frame.join(' ');
    for (const word of [...words(DRAFT), ...words(LIVE)]) expect(joined).toContain(word);
    // The box is drawn at the new width: its top border spans the terminal, not the old 100 columns.
    const border = frame.find((line) => line.startsWith('╭'));
    expect(border && visibleWidth(border)).toBe(30);

    resize(100);
    await waitFor(() => lines().some((line) => line.includes(DRAFT)));
    expect(lines().find((line) => line.startsWith('╭'))?.length).toBe(100);
  });
});
