// The built CLI on each cloud provider, selected the way users select it (CLAUDE_CODE_USE_*),
// against a local stand-in speaking the provider's wire format: a full tool-using print session,
// and prompt-too-long recovery, exactly as on the first-party API. Credentials come from the
// environment and files in the temp HOME; cloud metadata lookups are switched off.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockProvider, type MockProvider, type MockProviderOptions } from '../support/mockProviders.js';
import type { MockTurn } from '../support/mockAnthropic.js';
import { killPtyPulses, startPtyPulse } from '../support/ptyPulse.js';
import { createWorld, runPulse, type PulseRun, type PulseWorld } from '../support/runPulse.js';
import { waitFor } from '../ui/helpers.js';
import { resultOf, STREAM_JSON, toolResultsSent } from './harness.js';

const NO_METADATA_SERVERS = { AWS_EC2_METADATA_DISABLED: 'true', METADATA_SERVER_DETECTION: 'none', AZURE_TOKEN_CREDENTIALS: 'AzureCliCredential' };
const AWS = { accessKeyId: 'AKIAE2EBEDROCK000001', secretAccessKey: 'e2e-bedrock-secret', region: 'us-west-2' };
const SUBJECT_TOKEN = 'e2e-oidc-subject-token';

type ProviderCase = {
  name: string;
  mock: Omit<MockProviderOptions, 'turns'>;
  env(world: PulseWorld, mockUrl: string): Promise<Record<string, string>>;
  /** The model the provider is asked for by default, as it names it. */
  defaultModel: RegExp;
};

const CASES: ProviderCase[] = [
  {
    name: 'Amazon Bedrock',
    mock: { wire: 'bedrock', aws: AWS },
    defaultModel: /^us\.anthropic\.claude-/,
    env: async (world, url) => {
      await writeFile(join(world.home, 'aws-credentials'), `[default]\naws_access_key_id = ${AWS.accessKeyId}\naws_secret_access_key = ${AWS.secretAccessKey}\n`);
      return { CLAUDE_CODE_USE_BEDROCK: '1', AWS_REGION: AWS.region, ANTHROPIC_BEDROCK_BASE_URL: url, AWS_SHARED_CREDENTIALS_FILE: join(world.home, 'aws-credentials') };
    },
  },
  {
    name: 'Google Vertex AI',
    mock: { wire: 'vertex', subjectToken: SUBJECT_TOKEN },
    defaultModel: /^claude-/,
    env: async (world, url) => {
      const tokenFile = join(world.home, 'oidc-token');
      await writeFile(tokenFile, SUBJECT_TOKEN);
      const adc = join(world.home, 'adc.json');
      await writeFile(
        adc,
        JSON.stringify({
          type: 'external_account',
          audience: '//iam.googleapis.com/projects/42/locations/global/workloadIdentityPools/e2e/providers/ci',
          subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
          token_url: `${url}/v1/token`,
          credential_source: { file: tokenFile },
        }),
      );
      return { CLAUDE_CODE_USE_VERTEX: '1', ANTHROPIC_VERTEX_PROJECT_ID: 'e2e-project', CLOUD_ML_REGION: 'us-east5', ANTHROPIC_VERTEX_BASE_URL: `${url}/v1`, GOOGLE_APPLICATION_CREDENTIALS: adc };
    },
  },
  {
    name: 'Microsoft Foundry',
    mock: { wire: 'foundry', acceptedTokens: ['e2e-foundry-key'] },
    defaultModel: /^claude-/,
    env: async (_world, url) => ({ CLAUDE_CODE_USE_FOUNDRY: '1', ANTHROPIC_FOUNDRY_BASE_URL: `${url}/anthropic`, ANTHROPIC_FOUNDRY_API_KEY: 'e2e-foundry-key' }),
  },
];

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await killPtyPulses();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function providerSetUp(providerCase: ProviderCase, turns: MockTurn[]): Promise<{ mock: MockProvider; world: PulseWorld; env: Record<string, string> }> {
  const world = await createWorld();
  const mock = await startMockProvider({ ...providerCase.mock, turns });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  await writeFile(join(world.repo, 'notes.txt'), 'the build uses esbuild\n');
  return { mock, world, env: { ...NO_METADATA_SERVERS, ...(await providerCase.env(world, mock.url)) } };
}

async function providerRun(
  providerCase: ProviderCase,
  turns: MockTurn[],
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ run: PulseRun; mock: MockProvider; world: PulseWorld }> {
  const { mock, world, env } = await providerSetUp(providerCase, turns);
  // No Anthropic key at all: the provider's own credentials are the only ones.
  const run = await runPulse(args, { world, apiKey: null, env: { ...env, ...extraEnv } });
  return { run, mock, world };
}

describe.each(CASES)('print mode on $name', (providerCase) => {
  it('runs a tool-using session', async () => {
    const { run, mock } = await providerRun(
      providerCase,
      [
        { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'notes.txt' } }] },
        { content: [{ type: 'text', text: 'The build uses esbuild.' }] },
      ],
      ['What does notes.txt say?', '-p', ...STREAM_JSON],
    );

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(mock.refusals).toEqual([]);
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[0]?.model).toMatch(providerCase.defaultModel);
    const [readResult] = toolResultsSent(mock.inner, 1);
    expect(JSON.stringify(readResult?.content)).toContain('the build uses esbuild');
    const lines = run.json();
    expect(lines[0]).toMatchObject({ type: 'system', subtype: 'init', apiKeySource: 'none', model: mock.requests[0]?.model });
    expect(resultOf(lines)).toMatchObject({ subtype: 'success', is_error: false, result: 'The build uses esbuild.', num_turns: 2 });
    expect(mock.inner.pairingErrors).toEqual([]);
  });

  it('recovers from a prompt that is too long by compacting, as on the Anthropic API', async () => {
    const { run, mock } = await providerRun(
      providerCase,
      [
        // A round first: a conversation of the prompt alone has nothing to compact and fails at once.
        { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'README.md' } }] },
        { kind: 'http_error', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' },
        { content: [{ type: 'text', text: '<analysis>n</analysis><summary>1. Goal: summarise. SUMMARY-MARKER</summary>' }] },
        { content: [{ type: 'text', text: 'Answered after compacting.' }] },
      ],
      ['Summarise the project.', '-p', ...STREAM_JSON],
      { PULSE_CONTEXT_WINDOW: '60000' },
    );

    expect(run.code).toBe(0);
    expect(mock.requests).toHaveLength(4);
    expect(JSON.stringify(mock.inner.requests[3]?.body.messages)).toContain('SUMMARY-MARKER');
    expect(run.stdout).not.toMatch(/prompt is too long/i);
    expect(resultOf(run.json())).toMatchObject({ is_error: false, result: 'Answered after compacting.' });
  });

  it('says what to fix, in one line, when the provider refuses the credentials', async () => {
    const refusing = { ...providerCase, mock: { ...providerCase.mock, aws: { ...AWS, secretAccessKey: 'rotated' }, subjectToken: 'another', acceptedTokens: ['another'] } };
    const { run } = await providerRun(refusing, [{ content: [{ type: 'text', text: 'unreachable' }] }], ['hi', '-p']);
    expect(run.code).not.toBe(0);
    const said = `${run.stdout}${run.stderr}`.trim();
    expect(said.split('\n')).toHaveLength(1);
    expect(said).toMatch(/Bedrock|Vertex|Foundry/);
    expect(said).not.toMatch(/\n\s+at /);
  });
});

describe.each(CASES)('the REPL on $name', (providerCase) => {
  it('answers in a terminal with no Anthropic key and no key screen', async () => {
    const { mock, world, env } = await providerSetUp(providerCase, [{ content: [{ type: 'text', text: 'Hello from the cloud.' }] }]);
    const pulse = startPtyPulse(world, { cols: 120, env });
    await waitFor(() => pulse.screen().includes('/ for commands'), 15_000);
    pulse.write('hi');
    await waitFor(() => /> hi/.test(pulse.screen()), 10_000);
    pulse.write('\r');
    await waitFor(() => pulse.screen().includes('Hello from the cloud.'), 15_000);
    expect(pulse.screen()).not.toContain('Paste an API key');
    expect(mock.refusals).toEqual([]);
    expect(mock.requests[0]?.model).toMatch(providerCase.defaultModel);
    pulse.write('\u0004');
  });
});
