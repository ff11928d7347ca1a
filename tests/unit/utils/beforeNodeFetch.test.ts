import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Hooks = { startupDone: () => void; beforeFlagChange: () => void };
type Globals = { __pulseCodeCache?: Hooks };

async function freshModules(): Promise<{
  beforeNodeFetch: () => Promise<void>;
  session: { isInteractive: boolean };
}> {
  vi.resetModules();
  const { beforeNodeFetch } = await import('../../../src/utils/beforeNodeFetch.js');
  const { session } = await import('../../../src/state/session.js');
  return { beforeNodeFetch, session };
}

describe('beforeNodeFetch', () => {
  let hooks: Hooks;

  beforeEach(() => {
    hooks = { startupDone: vi.fn(), beforeFlagChange: vi.fn() };
    (globalThis as Globals).__pulseCodeCache = hooks;
  });
  afterEach(() => {
    delete (globalThis as Globals).__pulseCodeCache;
  });

  it('saves the code caches once, before the first fetch of a one-shot run changes a V8 flag', async () => {
    const { beforeNodeFetch, session } = await freshModules();
    session.isInteractive = false;
    await beforeNodeFetch();
    await beforeNodeFetch();
    expect(hooks.beforeFlagChange).toHaveBeenCalledTimes(1);
    expect(hooks.startupDone).not.toHaveBeenCalled();
  });

  it('leaves an interactive session alone', async () => {
    const { beforeNodeFetch, session } = await freshModules();
    session.isInteractive = true;
    await beforeNodeFetch();
    expect(hooks.beforeFlagChange).not.toHaveBeenCalled();
  });
});
