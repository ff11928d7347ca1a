import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, setClientOptions } from '../../../src/api/client.js';
import { MissingApiKeyError } from '../../../src/api/errors.js';
import type { LoginOutcome } from '../../../src/auth/loginActions.js';
import { clearKeyHelperCache } from '../../../src/auth/keyHelper.js';
import { resolveApiKey } from '../../../src/auth/resolve.js';
import { credentialsPath, readStoredCredentials, writeStoredCredentials } from '../../../src/auth/store.js';
import { findCommand, BUILTIN_COMMANDS } from '../../../src/commands/builtin.js';
import { loginCommand, logoutCommand } from '../../../src/commands/login.js';
import type { CommandContext } from '../../../src/commands/types.js';

const KEY = 'sk-ant-login-command-key-L0G1';
let dir: string;
const saved = { config: process.env.PULSE_CONFIG_DIR, key: process.env.ANTHROPIC_API_KEY, token: process.env.ANTHROPIC_AUTH_TOKEN };

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

function context(login?: CommandContext['login']): CommandContext & { printed: string[] } {
  const printed: string[] = [];
  return {
    printed,
    print: (text) => printed.push(text),
    clearConversation: () => undefined,
    exit: () => undefined,
    commands: BUILTIN_COMMANDS,
    ...(login ? { login } : {}),
  };
}

/** Stands in for the key screen: stores the key the way it does. */
async function screenStoring(apiKey: string): Promise<LoginOutcome> {
  const path = await writeStoredCredentials({ apiKey });
  return { kind: 'apiKey', path, masked: 'sk-…L0G1', checked: true };
}

function clientKey(): string | null {
  return createClient({ baseURL: 'http://127.0.0.1:9' }).apiKey;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-login-'));
  process.env.PULSE_CONFIG_DIR = dir;
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_AUTH_TOKEN;
  clearKeyHelperCache();
  setClientOptions({});
  await resolveApiKey({ cwd: dir }).catch(() => undefined);
});

afterEach(async () => {
  restore('PULSE_CONFIG_DIR', saved.config);
  restore('ANTHROPIC_API_KEY', saved.key);
  restore('ANTHROPIC_AUTH_TOKEN', saved.token);
  setClientOptions({});
  await rm(dir, { recursive: true, force: true });
});

describe('/login and /logout', () => {
  it('are built-in commands', () => {
    expect(findCommand(BUILTIN_COMMANDS, 'login')).toBe(loginCommand);
    expect(findCommand(BUILTIN_COMMANDS, 'logout')).toBe(logoutCommand);
  });

  it('/login stores through the key screen and the session uses the key at once, never printing it', async () => {
    const ctx = context(() => screenStoring(KEY));
    await loginCommand.run(ctx, '');
    expect(clientKey()).toBe(KEY);
    expect(ctx.printed.join('\n')).toContain('Key works (sk-…L0G1)');
    expect(ctx.printed.join('\n')).toContain('Pulse uses it from the next request on.');
    expect(ctx.printed.join('\n')).not.toContain(KEY);
  });

  it('/login says the environment key still wins', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-env-wins-0000';
    await resolveApiKey({ cwd: dir });
    const ctx = context(() => screenStoring(KEY));
    await loginCommand.run(ctx, '');
    expect(clientKey()).toBe('sk-env-wins-0000');
    expect(ctx.printed.join('\n')).toContain('ANTHROPIC_API_KEY is set in the environment and wins over the stored key');
  });

  it('/login cancelled changes nothing; without a key screen it says where to run it', async () => {
    const cancelled = context(() => Promise.resolve(undefined));
    await loginCommand.run(cancelled, '');
    expect(cancelled.printed).toEqual(['Login cancelled; nothing changed.']);
    const headless = context();
    await loginCommand.run(headless, '');
    expect(headless.printed[0]).toMatch(/needs the interactive REPL/);
    expect(await readStoredCredentials(dir)).toBeUndefined();
  });

  it('/logout removes the stored key and the session has none left', async () => {
    await writeStoredCredentials({ apiKey: KEY });
    await resolveApiKey({ cwd: dir });
    expect(clientKey()).toBe(KEY);
    const ctx = context();
    await logoutCommand.run(ctx, '');
    expect(await readStoredCredentials(dir)).toBeUndefined();
    expect(ctx.printed[0]).toBe(`Removed the stored key (${credentialsPath(dir)}).\nPulse has no key now; requests fail until you run /login or set ANTHROPIC_API_KEY.`);
    expect(() => createClient({ baseURL: 'http://127.0.0.1:9' })).toThrow(MissingApiKeyError);
  });

  it('/logout says an environment key still applies', async () => {
    await writeStoredCredentials({ apiKey: KEY });
    process.env.ANTHROPIC_AUTH_TOKEN = 'tok-env';
    await resolveApiKey({ cwd: dir });
    const ctx = context();
    await logoutCommand.run(ctx, '');
    expect(ctx.printed[0]).toContain('ANTHROPIC_AUTH_TOKEN is set in the environment and still applies.');
    await logoutCommand.run(ctx, '');
    expect(ctx.printed[1]).toMatch(/^No stored key to remove\./);
  });

  it('/login and /logout leave everything alone on a cloud provider, whose own credentials sign', async () => {
    await writeStoredCredentials({ apiKey: KEY });
    process.env.CLAUDE_CODE_USE_VERTEX = '1';
    try {
      const ctx = context(async () => screenStoring('sk-ant-never-stored-0000'));
      await loginCommand.run(ctx, '');
      await logoutCommand.run(ctx, '');
      expect(ctx.printed).toHaveLength(2);
      expect(ctx.printed[0]).toMatch(/^Pulse is using Google Vertex AI, .*\/login does not apply/);
      expect(ctx.printed[1]).toContain('/logout does not apply');
      expect(await readStoredCredentials(dir)).toEqual({ apiKey: KEY });
    } finally {
      delete process.env.CLAUDE_CODE_USE_VERTEX;
    }
  });
});
