// When the machine cannot sandbox: no bubblewrap, or a bubblewrap the kernel will not let create
// namespaces (simulated by a bwrap that fails the way it does then).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSandboxAvailability, sandboxAvailability } from '../../../src/sandbox/availability.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulse-bwrap-'));
  forgetSandboxAvailability();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  forgetSandboxAvailability();
  await rm(dir, { recursive: true, force: true });
});

describe('sandbox availability', () => {
  it('names the missing package and how to install it', async () => {
    vi.stubEnv('PATH', dir);
    const availability = await sandboxAvailability();
    expect(availability).toEqual({ ok: false, reason: expect.stringContaining('bubblewrap (bwrap) is not installed') });
    expect(availability.ok ? '' : availability.reason).toContain('apt-get install bubblewrap');
  });

  it("passes on what bwrap said when the kernel forbids user namespaces", async () => {
    const fake = path.join(dir, 'bwrap');
    await writeFile(fake, '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n');
    await chmod(fake, 0o755);
    vi.stubEnv('PATH', dir);
    const availability = await sandboxAvailability();
    expect(availability.ok).toBe(false);
    expect(availability.ok ? '' : availability.reason).toBe(
      'bubblewrap cannot create a sandbox here (bwrap: setting up uid map: Permission denied); the kernel may forbid unprivileged user namespaces (see "Sandbox" in the README)',
    );
  });

  it('asks the machine once per process', async () => {
    vi.stubEnv('PATH', dir);
    const first = sandboxAvailability();
    expect(sandboxAvailability()).toBe(first);
    await first;
  });
});
