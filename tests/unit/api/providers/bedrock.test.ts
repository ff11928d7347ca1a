// Amazon Bedrock through the real @anthropic-ai/bedrock-sdk client: SigV4 checked by the mock
// against the secret, replies in AWS event-stream framing, and Pulse's retries, fallback and
// prompt-too-long handling working the same as on the first-party API.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../../../src/api/errors.js';
import { resolveModel } from '../../../../src/api/models.js';
import { assistants, params, retries, run, streamEventTypes } from '../callModelHarness.js';
import { providerWorld } from './providerHarness.js';

const SECRET = { accessKeyId: 'AKIAMOCKBEDROCK00001', secretAccessKey: 'mock/secret+key/for=signing', sessionToken: 'mock-session-token' };
const REGION = 'eu-west-1';
const HELLO = { content: [{ type: 'text' as const, text: 'Hello from Bedrock' }] };

function bedrockEnv(extra: Record<string, string> = {}) {
  return (_home: string, url: string) => ({ CLAUDE_CODE_USE_BEDROCK: '1', AWS_REGION: REGION, ANTHROPIC_BEDROCK_BASE_URL: url, ...extra });
}

const staticKeys = bedrockEnv({
  AWS_ACCESS_KEY_ID: SECRET.accessKeyId,
  AWS_SECRET_ACCESS_KEY: SECRET.secretAccessKey,
  AWS_SESSION_TOKEN: SECRET.sessionToken,
});

function text(message: { message: { content: unknown } } | undefined): string {
  return JSON.stringify(message?.message.content ?? '');
}

describe('Bedrock requests', () => {
  it('streams a reply over event-stream framing from a SigV4-signed invoke-with-response-stream', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [HELLO] }, staticKeys);
    const model = resolveModel('sonnet');
    expect(model).toMatch(/^eu\.anthropic\.claude-sonnet-/);

    const { events, error } = await run(world.callModel(params({ model })));

    expect(error).toBeUndefined();
    expect(world.mock.refusals).toEqual([]);
    const [request] = world.mock.requests;
    // Bedrock serves `sonnet` as a dated id with a `:0` version, which the SDK leaves unescaped.
    expect(decodeURIComponent(request?.url ?? '')).toBe(`/model/${model}/invoke-with-response-stream`);
    expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAMOCKBEDROCK00001\/\d{8}\/eu-west-1\/bedrock\/aws4_request/);
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(body.anthropic_version).toBe('bedrock-2023-05-31');
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
    expect(streamEventTypes(events)).toEqual(expect.arrayContaining(['message_start', 'content_block_delta', 'message_stop']));
    expect(text(assistants(events)[0])).toContain('Hello from Bedrock');
  });

  it('signs with a profile from ~/.aws/credentials (AWS_PROFILE)', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { accessKeyId: 'AKIAPROFILE000000001', secretAccessKey: 'profile-secret', region: REGION }, turns: [HELLO] }, bedrockEnv({ AWS_PROFILE: 'work' }));
    await mkdir(join(world.home, '.aws'));
    await writeFile(join(world.home, '.aws', 'credentials'), '[default]\naws_access_key_id = AKIAWRONG\naws_secret_access_key = wrong\n\n[work]\naws_access_key_id = AKIAPROFILE000000001\naws_secret_access_key = profile-secret\n');

    const { events } = await run(world.callModel(params({ model: resolveModel('haiku') })));

    expect(world.mock.refusals).toEqual([]);
    expect(world.mock.requests[0]?.model).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(text(assistants(events)[0])).toContain('Hello from Bedrock');
  });

  it('sends a Bedrock API key as a bearer token instead of signing', async () => {
    const world = await providerWorld({ wire: 'bedrock', acceptedTokens: ['bedrock-api-key-1'], turns: [HELLO] }, bedrockEnv({ AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-1' }));
    const { events } = await run(world.callModel(params({ model: 'us.anthropic.claude-opus-4-8' })));
    expect(world.mock.requests[0]?.headers.authorization).toBe('Bearer bedrock-api-key-1');
    expect(world.mock.requests[0]?.model).toBe('us.anthropic.claude-opus-4-8');
    expect(text(assistants(events)[0])).toContain('Hello from Bedrock');
  });

  it('sends no credentials at all with CLAUDE_CODE_SKIP_BEDROCK_AUTH, for gateways', async () => {
    const world = await providerWorld({ wire: 'bedrock', noAuth: true, turns: [HELLO] }, bedrockEnv({ CLAUDE_CODE_SKIP_BEDROCK_AUTH: '1', AWS_BEARER_TOKEN_BEDROCK: 'must-not-be-sent' }));
    const { events } = await run(world.callModel(params()));
    expect(world.mock.requests[0]?.headers.authorization).toBeUndefined();
    expect(world.mock.refusals).toEqual([]);
    expect(text(assistants(events)[0])).toContain('Hello from Bedrock');
  });

  it('signs with what awsCredentialExport prints', async () => {
    const exported = JSON.stringify({ Credentials: { AccessKeyId: 'AKIAEXPORTED00000001', SecretAccessKey: 'exported-secret', SessionToken: 'exported-token', Expiration: '2099-01-01T00:00:00Z' } });
    const world = await providerWorld(
      { wire: 'bedrock', aws: { accessKeyId: 'AKIAEXPORTED00000001', secretAccessKey: 'exported-secret', sessionToken: 'exported-token', region: REGION }, turns: [HELLO, HELLO] },
      bedrockEnv(),
      { awsCredentialExport: `printf '%s' '${exported}'` },
    );
    await run(world.callModel(params()));
    await run(world.callModel(params()));
    expect(world.mock.refusals).toEqual([]);
    expect(world.mock.inner.requests).toHaveLength(2);
  });
});

describe('Bedrock failures', () => {
  it('retries a throttled request, honouring retry-after', async () => {
    const world = await providerWorld(
      { wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [{ kind: 'http_error', status: 429, headers: { 'retry-after': '0' } }, HELLO] },
      staticKeys,
    );
    const { events } = await run(world.callModel(params()));
    expect(retries(events)).toHaveLength(1);
    expect(world.mock.requests).toHaveLength(2);
    expect(text(assistants(events).at(-1))).toContain('Hello from Bedrock');
  });

  it('retries a stream that Bedrock ends with a serviceUnavailableException frame', async () => {
    const world = await providerWorld(
      { wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [{ kind: 'sse_error', errorType: 'overloaded_error', message: 'Overloaded', afterEvents: 3 }, HELLO] },
      staticKeys,
    );
    const { events } = await run(world.callModel(params()));
    expect(retries(events)).toHaveLength(1);
    expect(text(assistants(events).at(-1))).toContain('Hello from Bedrock');
  });

  it('switches to the fallback model after repeated overload', async () => {
    const overloaded = { kind: 'http_error' as const, status: 529, message: 'Overloaded' };
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [overloaded, overloaded, overloaded] }, staticKeys);
    const { error } = await run(world.callModel(params({ fallbackModel: resolveModel('haiku') })));
    expect(error).toBeInstanceOf(FallbackTriggeredError);
    expect(world.mock.requests).toHaveLength(3);
  });

  it('reports a prompt that is too long as prompt_too_long, so the loop can compact', async () => {
    const world = await providerWorld(
      { wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [{ kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' }] },
      staticKeys,
    );
    const { events } = await run(world.callModel(params()));
    expect(assistants(events)[0]?.apiError).toBe('prompt_too_long');
    expect(world.mock.requests).toHaveLength(1);
  });

  it('says how to enable a model the account may not use', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, enabledModels: ['eu.anthropic.claude-haiku-4-5-20251001-v1:0'], turns: [HELLO] }, staticKeys);
    const model = resolveModel('opus');
    const { events } = await run(world.callModel(params({ model })));
    const [message] = assistants(events);
    expect(world.mock.requests).toHaveLength(1);
    expect(text(message)).toContain(`may not use ${model} in eu-west-1`);
    expect(text(message)).toContain('Model access in the Amazon Bedrock console');
  });

  it('says how to sign in when there are no AWS credentials, without retrying or reaching metadata servers', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [HELLO] }, bedrockEnv());
    const { events } = await run(world.callModel(params()));
    const [message] = assistants(events);
    expect(message?.apiError).toBe('authentication_failed');
    expect(text(message)).toContain('no usable AWS credentials');
    expect(text(message)).toContain('AWS_PROFILE');
    expect(retries(events)).toEqual([]);
    expect(world.mock.requests).toEqual([]);
  });

  it('names the credentials when the signature is refused', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [HELLO] }, bedrockEnv({ AWS_ACCESS_KEY_ID: SECRET.accessKeyId, AWS_SECRET_ACCESS_KEY: 'not-the-secret' }));
    const { events } = await run(world.callModel(params()));
    expect(world.mock.refusals[0]).toMatch(/signature does not match|session token/);
    expect(text(assistants(events)[0])).toContain('Amazon Bedrock refused the AWS credentials');
  });

  it('runs awsAuthRefresh when the credentials fail, then tries once more', async () => {
    const credentials = '[default]\naws_access_key_id = AKIAREFRESHED0000001\naws_secret_access_key = refreshed-secret\n';
    const world = await providerWorld(
      { wire: 'bedrock', aws: { accessKeyId: 'AKIAREFRESHED0000001', secretAccessKey: 'refreshed-secret', region: REGION }, turns: [HELLO] },
      bedrockEnv(),
      { awsAuthRefresh: `mkdir -p "$HOME/.aws" && printf '${credentials}' > "$HOME/.aws/credentials"` },
    );
    const { events } = await run(world.callModel(params()));
    expect(world.mock.refusals).toEqual([]);
    expect(world.mock.requests).toHaveLength(1);
    expect(text(assistants(events)[0])).toContain('Hello from Bedrock');
  });

  it('refuses a region that is not one before any request', async () => {
    const world = await providerWorld({ wire: 'bedrock', aws: { ...SECRET, region: REGION }, turns: [HELLO] }, bedrockEnv({ AWS_REGION: 'eu-westt' }));
    const { events } = await run(world.callModel(params()));
    expect(text(assistants(events)[0])).toContain('AWS_REGION \\"eu-westt\\" is not an AWS region');
    expect(world.mock.requests).toEqual([]);
  });
});
