// Google Vertex AI through the real @anthropic-ai/vertex-sdk client and google-auth-library:
// application-default credentials from a workload-identity file in the temp HOME (exchanged at
// the mock's STS endpoint for a bearer token), streamRawPredict SSE, per-model regions, and
// Pulse's retries, fallback and prompt-too-long handling as on the first-party API.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../../../src/api/errors.js';
import { resolveModel } from '../../../../src/api/models.js';
import { assistants, params, retries, run } from '../callModelHarness.js';
import { providerWorld } from './providerHarness.js';

const SUBJECT_TOKEN = 'mock-oidc-subject-token';
const HELLO = { content: [{ type: 'text' as const, text: 'Hello from Vertex' }] };

/** Application-default credentials as workload identity federation writes them. */
async function externalAccountFile(home: string, mockUrl: string): Promise<string> {
  const tokenFile = join(home, 'subject-token');
  await writeFile(tokenFile, SUBJECT_TOKEN);
  const credentials = join(home, 'application_default_credentials.json');
  await writeFile(
    credentials,
    JSON.stringify({
      type: 'external_account',
      audience: '//iam.googleapis.com/projects/123456/locations/global/workloadIdentityPools/pulse/providers/ci',
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: `${mockUrl}/v1/token`,
      credential_source: { file: tokenFile },
    }),
  );
  return credentials;
}

function vertexEnv(extra: Record<string, string> = {}) {
  return (home: string, url: string) => ({
    CLAUDE_CODE_USE_VERTEX: '1',
    ANTHROPIC_VERTEX_PROJECT_ID: 'pulse-project',
    CLOUD_ML_REGION: 'us-east5',
    ANTHROPIC_VERTEX_BASE_URL: `${url}/v1`,
    GOOGLE_APPLICATION_CREDENTIALS: join(home, 'application_default_credentials.json'),
    ...extra,
  });
}

async function vertexWorld(turns: Parameters<typeof providerWorld>[0]['turns'], extra: Record<string, string> = {}, enabledModels?: string[]) {
  const world = await providerWorld({ wire: 'vertex', subjectToken: SUBJECT_TOKEN, turns, ...(enabledModels ? { enabledModels } : {}) }, vertexEnv(extra));
  await externalAccountFile(world.home, world.mock.url);
  return world;
}

function text(message: { message: { content: unknown } } | undefined): string {
  return JSON.stringify(message?.message.content ?? '');
}

describe('Vertex requests', () => {
  it('streams from streamRawPredict with a bearer token from application-default credentials', async () => {
    const world = await vertexWorld([HELLO]);
    const model = resolveModel('haiku');
    expect(model).toBe('claude-haiku-4-5@20251001');

    const { events, error } = await run(world.callModel(params({ model })));

    expect(error).toBeUndefined();
    expect(world.mock.refusals).toEqual([]);
    const [request] = world.mock.requests;
    expect(request?.url).toMatch(/^\/v1\/projects\/pulse-project\/locations\/us-east5\/publishers\/anthropic\/models\/claude-haiku-4-5@20251001(:|%3A)streamRawPredict$/);
    expect(request?.headers.authorization).toBe(`Bearer ${world.mock.issuedTokens[0]}`);
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(body.anthropic_version).toBe('vertex-2023-10-16');
    expect(body).not.toHaveProperty('model');
    expect(text(assistants(events)[0])).toContain('Hello from Vertex');
  });

  it('sends a model to the region its VERTEX_REGION_CLAUDE_… variable names', async () => {
    const world = await vertexWorld([HELLO, HELLO], { CLOUD_ML_REGION: 'global', VERTEX_REGION_CLAUDE_HAIKU_4_5: 'europe-west1' });
    await run(world.callModel(params({ model: resolveModel('haiku') })));
    await run(world.callModel(params({ model: 'claude-opus-4-8' })));
    expect(world.mock.requests.map((request) => request.url.split('/')[5])).toEqual(['europe-west1', 'global']);
    // One Google login serves both regions' clients.
    expect(world.mock.issuedTokens).toHaveLength(1);
  });

  it('sends no Google credentials with CLAUDE_CODE_SKIP_VERTEX_AUTH', async () => {
    const world = await providerWorld({ wire: 'vertex', noAuth: true, turns: [HELLO] }, vertexEnv({ CLAUDE_CODE_SKIP_VERTEX_AUTH: '1', GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/credentials.json' }));
    const { events } = await run(world.callModel(params()));
    expect(world.mock.requests[0]?.headers.authorization).toBeUndefined();
    expect(world.mock.refusals).toEqual([]);
    expect(text(assistants(events)[0])).toContain('Hello from Vertex');
  });
});

describe('Vertex failures', () => {
  it('retries a rate-limited request', async () => {
    const world = await vertexWorld([{ kind: 'http_error', status: 429, headers: { 'retry-after': '0' } }, HELLO]);
    const { events } = await run(world.callModel(params()));
    expect(retries(events)).toHaveLength(1);
    expect(text(assistants(events).at(-1))).toContain('Hello from Vertex');
  });

  it('retries a stream cut off mid-reply', async () => {
    const world = await vertexWorld([{ kind: 'cut', content: HELLO.content, afterEvents: 3 }, HELLO]);
    const { events } = await run(world.callModel(params()));
    expect(retries(events)).toHaveLength(1);
    expect(text(assistants(events).at(-1))).toContain('Hello from Vertex');
  });

  it('switches to the fallback model after repeated overload', async () => {
    const overloaded = { kind: 'http_error' as const, status: 529, message: 'Overloaded' };
    const world = await vertexWorld([overloaded, overloaded, overloaded]);
    const { error } = await run(world.callModel(params({ fallbackModel: resolveModel('haiku') })));
    expect(error).toBeInstanceOf(FallbackTriggeredError);
  });

  it('reports a prompt that is too long as prompt_too_long', async () => {
    const world = await vertexWorld([{ kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' }]);
    const { events } = await run(world.callModel(params()));
    expect(assistants(events)[0]?.apiError).toBe('prompt_too_long');
  });

  it('says where to enable a model the project cannot use', async () => {
    const world = await vertexWorld([HELLO], {}, ['claude-haiku-4-5@20251001']);
    const { events } = await run(world.callModel(params({ model: 'claude-opus-4-8' })));
    const message = text(assistants(events)[0]);
    expect(message).toContain('does not serve claude-opus-4-8 to project pulse-project in us-east5');
    expect(message).toContain('Model Garden');
    expect(message).toContain('VERTEX_REGION_CLAUDE_4_8_OPUS');
    expect(world.mock.requests).toHaveLength(1);
  });

  it('says how to sign in when Google credentials are missing, without retrying', async () => {
    const world = await providerWorld({ wire: 'vertex', subjectToken: SUBJECT_TOKEN, turns: [HELLO] }, vertexEnv({ GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/credentials.json' }));
    const { events } = await run(world.callModel(params()));
    const [message] = assistants(events);
    expect(message?.apiError).toBe('authentication_failed');
    expect(text(message)).toContain('gcloud auth application-default login');
    expect(retries(events)).toEqual([]);
    expect(world.mock.requests).toEqual([]);
  });
});
