// Microsoft Foundry through the real @anthropic-ai/foundry-sdk client: a resource key, or a
// Microsoft Entra ID token from @azure/identity's default chain (here the Azure CLI, a stand-in
// `az` on PATH), and Pulse's retries, fallback and prompt-too-long handling unchanged.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../../../src/api/errors.js';
import { resolveModel } from '../../../../src/api/models.js';
import { assistants, params, retries, run } from '../callModelHarness.js';
import { providerWorld } from './providerHarness.js';

const HELLO = { content: [{ type: 'text' as const, text: 'Hello from Foundry' }] };
const KEY = 'foundry-resource-key-1';

function foundryEnv(extra: Record<string, string> = {}) {
  return (_home: string, url: string) => ({ CLAUDE_CODE_USE_FOUNDRY: '1', ANTHROPIC_FOUNDRY_BASE_URL: `${url}/anthropic`, ...extra });
}

const keyed = foundryEnv({ ANTHROPIC_FOUNDRY_API_KEY: KEY });

function text(message: { message: { content: unknown } } | undefined): string {
  return JSON.stringify(message?.message.content ?? '');
}

/** An `az` that answers `az account get-access-token` as the Azure CLI does. */
async function fakeAzureCli(home: string, token: string): Promise<void> {
  const bin = join(home, 'bin');
  await mkdir(bin);
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const script = `#!/bin/sh\ncase "$*" in *get-access-token*--resource\\ https://ai.azure.com*) printf '%s' '{"accessToken":"${token}","expires_on":${expires},"tokenType":"Bearer"}' ;; *) echo "unexpected: $*" >&2; exit 1 ;; esac\n`;
  await writeFile(join(bin, 'az'), script);
  await chmod(join(bin, 'az'), 0o755);
}

describe('Foundry requests', () => {
  it('sends the resource key to the Anthropic endpoint of the resource, the model as the deployment', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], turns: [HELLO] }, keyed);
    const model = resolveModel('sonnet');
    const { events } = await run(world.callModel(params({ model })));
    const [request] = world.mock.requests;
    expect(request?.url.split('?')[0]).toBe('/anthropic/v1/messages');
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.model).toBe(model);
    expect(world.mock.refusals).toEqual([]);
    expect(text(assistants(events)[0])).toContain('Hello from Foundry');
  });

  it('signs in with Microsoft Entra ID when there is no key', async () => {
    const withCli = (home: string, url: string) => ({ ...foundryEnv()(home, url), PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}` });
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: ['entra-token-1'], turns: [HELLO] }, withCli);
    await fakeAzureCli(world.home, 'entra-token-1');
    const { events } = await run(world.callModel(params()));
    expect(world.mock.requests[0]?.headers.authorization).toBe('Bearer entra-token-1');
    expect(text(assistants(events)[0])).toContain('Hello from Foundry');
  });
});

describe('Foundry failures', () => {
  it('retries an overloaded reply and falls back after repeated overload', async () => {
    const overloaded = { kind: 'http_error' as const, status: 529, message: 'Overloaded' };
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], turns: [overloaded, HELLO, overloaded, overloaded, overloaded] }, keyed);
    const first = await run(world.callModel(params()));
    expect(retries(first.events)).toHaveLength(1);
    expect(text(assistants(first.events).at(-1))).toContain('Hello from Foundry');
    const second = await run(world.callModel(params({ fallbackModel: resolveModel('haiku') })));
    expect(second.error).toBeInstanceOf(FallbackTriggeredError);
  });

  it('reports a prompt that is too long as prompt_too_long', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], turns: [{ kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' }] }, keyed);
    const { events } = await run(world.callModel(params()));
    expect(assistants(events)[0]?.apiError).toBe('prompt_too_long');
  });

  it('names the deployment that does not exist', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], enabledModels: ['claude-haiku-4-5'], turns: [HELLO] }, keyed);
    const { events } = await run(world.callModel(params({ model: 'my-opus' })));
    expect(text(assistants(events)[0])).toContain('no deployment named my-opus');
  });

  it('says how to sign in when the key is refused', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: ['another-key'], turns: [HELLO] }, keyed);
    const { events } = await run(world.callModel(params()));
    const [message] = assistants(events);
    expect(message?.apiError).toBe('authentication_failed');
    expect(text(message)).toContain('ANTHROPIC_FOUNDRY_API_KEY');
  });

  it('says how to sign in when Entra ID has no login, without retrying', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], turns: [HELLO] }, foundryEnv({ PATH: '/nonexistent' }));
    const { events } = await run(world.callModel(params()));
    const [message] = assistants(events);
    expect(message?.apiError).toBe('authentication_failed');
    expect(text(message)).toContain('az login');
    expect(retries(events)).toEqual([]);
    expect(world.mock.requests).toEqual([]);
  });

  it('asks for the endpoint when neither a resource nor a base URL is set', async () => {
    const world = await providerWorld({ wire: 'foundry', acceptedTokens: [KEY], turns: [HELLO] }, () => ({ CLAUDE_CODE_USE_FOUNDRY: '1', ANTHROPIC_FOUNDRY_API_KEY: KEY }));
    const { events } = await run(world.callModel(params()));
    expect(text(assistants(events)[0])).toContain('ANTHROPIC_FOUNDRY_RESOURCE');
    expect(world.mock.requests).toEqual([]);
  });
});
