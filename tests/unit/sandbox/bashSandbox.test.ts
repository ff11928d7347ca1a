// The Bash tool inside the real sandbox (bubblewrap), in bypassPermissions mode so that nothing
// but the operating system stands between a command and the world. Each case of the table runs
// against a project, a fake home with secrets, a local server outside and a host Unix socket.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveSandboxPolicy } from '../../../src/sandbox/policy.js';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import { backgroundShells } from '../../../src/tools/bash/backgroundShells.js';
import type { BashOutput } from '../../../src/tools/bash/schema.js';
import type { PermissionRule, ToolPermissionContext } from '../../../src/types/permissions.js';
import type { SandboxPolicy } from '../../../src/types/sandbox.js';
import { sandboxAvailable } from '../../support/sandbox.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';
import { ESCAPES, SECRET, type EscapeCase } from './escapes.table.js';

let base: string;
let project: string;
let home: string;
let hostServer: NetServer;
let allowedServer: Server;
let socketServer: NetServer;
let hostEnv: Record<string, string>;
let pulseConfig: string;

const FETCH_SCRIPT = `
const http = require('node:http');
const proxy = new URL(process.env.HTTP_PROXY);
http.get({ host: proxy.hostname, port: proxy.port, path: 'http://127.0.0.1:' + process.argv[2] + '/' }, (res) => {
  let body = '';
  res.on('data', (chunk) => (body += chunk));
  res.on('end', () => { console.log(body.trim()); process.exit(res.statusCode === 200 ? 0 : 1); });
}).on('error', (error) => { console.error(error.message); process.exit(1); });
`;

function listen(server: NetServer | Server, at?: string): Promise<number> {
  return new Promise((resolve) => {
    if (at) server.listen(at, () => resolve(0));
    else server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-sandbox-')));
  project = path.join(base, 'project');
  home = path.join(base, 'home');
  pulseConfig = path.join(base, 'pulse-config');
  await mkdir(path.join(home, '.ssh'), { recursive: true });
  await mkdir(path.join(home, '.aws'), { recursive: true });
  await mkdir(path.join(project, 'certs'), { recursive: true });
  await mkdir(path.join(project, 'test'), { recursive: true });
  await mkdir(pulseConfig, { recursive: true });
  await writeFile(path.join(home, '.ssh', 'id_ed25519'), `${SECRET}\n`);
  await writeFile(path.join(home, '.aws', 'credentials'), `aws_secret_access_key = ${SECRET}\n`);
  await writeFile(path.join(project, '.env'), `TOKEN=${SECRET}\n`);
  await writeFile(path.join(project, 'certs', 'server.pem'), `${SECRET}\n`);
  await writeFile(path.join(project, '.mcp.json'), '{"mcpServers":{}}\n');
  await writeFile(path.join(project, 'build.mjs'), "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/out.txt', 'built');\n");
  await writeFile(
    path.join(project, 'test', 'out.test.mjs'),
    "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { readFileSync } from 'node:fs';\ntest('built', () => assert.equal(readFileSync('dist/out.txt', 'utf8'), 'built'));\n",
  );
  execFileSync('git', ['init', '-q', project]);
  await writeFile(path.join(base, 'fetch.cjs'), FETCH_SCRIPT);

  hostServer = createNetServer((socket) => socket.end(`${SECRET}\n`));
  allowedServer = createHttpServer((_req, res) => res.end('hello from the allowed host\n'));
  socketServer = createNetServer((socket) => socket.end(`${SECRET}\n`));
  const hostPort = await listen(hostServer);
  const allowedPort = await listen(allowedServer);
  await listen(socketServer, path.join(base, 'host.sock'));
  hostEnv = {
    HOST_PORT: String(hostPort),
    ALLOWED_PORT: String(allowedPort),
    HOST_SOCKET: path.join(base, 'host.sock'),
    HOST_FETCH: path.join(base, 'fetch.cjs'),
    HOST_PID: String(process.pid),
    HOST_TMP_MARKER: path.join(tmpdir(), `pulse-sandbox-marker-${process.pid}`),
    GIT_AUTHOR_NAME: 'Pulse Test',
    GIT_AUTHOR_EMAIL: 'test@example.invalid',
    GIT_COMMITTER_NAME: 'Pulse Test',
    GIT_COMMITTER_EMAIL: 'test@example.invalid',
  };
});

afterAll(async () => {
  await Promise.all([hostServer, allowedServer, socketServer].map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(base, { recursive: true, force: true });
  await rm(hostEnv.HOST_TMP_MARKER as string, { force: true });
});

function policyFor(testCase: Pick<EscapeCase, 'needs'>): SandboxPolicy {
  const network = testCase.needs === 'allowlist' ? { allowedDomains: [`127.0.0.1:${hostEnv.ALLOWED_PORT}`] } : {};
  const policy = resolveSandboxPolicy([{ block: { enabled: true, network }, root: project, managed: false }], {
    home,
    pulseConfigDir: pulseConfig,
    claudeConfigDir: path.join(home, '.claude'),
  });
  if (!policy) throw new Error('the sandbox should be on');
  return policy;
}

const READ_DENY_RULES: PermissionRule[] = [
  { toolName: 'Read', ruleContent: './.env', behavior: 'deny', source: 'projectSettings' },
  { toolName: 'Read', ruleContent: '**/*.pem', behavior: 'deny', source: 'projectSettings' },
];

async function runSandboxed(command: string, testCase: Pick<EscapeCase, 'needs'> = {}, input: Record<string, unknown> = {}): Promise<BashOutput> {
  vi.stubEnv('HOME', home);
  vi.stubEnv('PULSE_CONFIG_DIR', pulseConfig);
  vi.stubEnv('CLAUDE_CONFIG_DIR', path.join(home, '.claude'));
  try {
    const permissions: ToolPermissionContext = {
      mode: 'bypassPermissions',
      rules: testCase.needs === 'readDenyRules' ? READ_DENY_RULES : [],
      workingDirectories: [project],
      sandbox: policyFor(testCase),
    };
    const ctx = makeToolContext(project, {
      getPermissionContext: () => permissions,
      options: { model: 'test', isNonInteractive: true, verbose: false, env: hostEnv },
    });
    const outcome = await runTool(BashTool, { command, ...input }, ctx);
    if (outcome.error !== undefined) throw new Error(outcome.error);
    return outcome.data;
  } finally {
    vi.unstubAllEnvs();
  }
}

function hostPath(marker: string): string {
  const expanded = marker.replace('$HOME', home).replace('$HOST_TMP_MARKER', hostEnv.HOST_TMP_MARKER as string);
  return path.resolve(project, expanded);
}

const PROTECTED_FILES = ['.mcp.json', '.git/config'];

describe.skipIf(!sandboxAvailable)('Bash in the sandbox, bypassPermissions mode', () => {
  describe.each(ESCAPES.filter((testCase) => testCase.expect.kind === 'blocked'))('blocked: $name', (testCase) => {
    it(`fails at the OS level (${testCase.source})`, async () => {
      const before = await Promise.all(PROTECTED_FILES.map((file) => readFile(path.join(project, file), 'utf8')));
      const output = await runSandboxed(testCase.command, testCase);
      expect(output.stdout).not.toContain(SECRET);
      if (testCase.expect.kind === 'blocked' && testCase.expect.marker) expect(existsSync(hostPath(testCase.expect.marker))).toBe(false);
      const after = await Promise.all(PROTECTED_FILES.map((file) => readFile(path.join(project, file), 'utf8')));
      expect(after).toEqual(before);
      // Mount points made to protect missing paths are gone again.
      expect(existsSync(path.join(project, '.claude'))).toBe(false);
    });
  });

  describe.each(ESCAPES.filter((testCase) => testCase.expect.kind === 'allowed'))('allowed: $name', (testCase) => {
    it('works', async () => {
      const output = await runSandboxed(testCase.command, testCase);
      expect(output.exitCode, output.stdout).toBe(0);
      if (testCase.expect.kind !== 'allowed') return;
      expect(output.stdout.trim()).toBe(testCase.expect.output);
      if (testCase.expect.file) expect(existsSync(path.join(project, testCase.expect.file))).toBe(true);
    });
  });

  it('tells the model when the sandbox refused a host, and how to get out', async () => {
    const output = await runSandboxed(`node "$HOST_FETCH" "$HOST_PORT"`, { needs: 'allowlist' });
    expect(output.exitCode).not.toBe(0);
    expect(output.stdout).toContain('is not in sandbox.network.allowedDomains');
    const block = BashTool.toResultBlock(output, 'tu_1');
    expect(block.content).toContain(`Pulse's sandbox refused network access to 127.0.0.1:${hostEnv.HOST_PORT}`);
    expect(block.content).toContain('dangerouslyDisableSandbox: true');
  });

  it('says a read-only file system error may come from the sandbox', async () => {
    const output = await runSandboxed('touch ../x');
    const block = BashTool.toResultBlock(output, 'tu_2');
    expect(block.content).toMatch(/Read-only file system/);
    expect(block.content).toContain("ran in Pulse's sandbox");
  });

  it('sandboxes background shells too', async () => {
    const output = await runSandboxed('touch ../background-marker; echo background-done', {}, { run_in_background: true });
    const shell = backgroundShells.get(output.backgroundTaskId as string);
    if (!shell) throw new Error('no background shell');
    await shell.finished;
    expect(shell.read().output.text).toMatch(/Read-only file system[\s\S]*background-done/);
    expect(existsSync(path.join(base, 'background-marker'))).toBe(false);
  });

  it('ignores dangerouslyDisableSandbox when leaving is not allowed, and says so', async () => {
    const permissions = (policy: SandboxPolicy): SandboxPolicy => ({ ...policy, allowUnsandboxedCommands: false });
    vi.stubEnv('HOME', home);
    try {
      const ctx = makeToolContext(project, {
        getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [project], sandbox: permissions(policyFor({})) }),
      });
      const outcome = await runTool(BashTool, { command: 'touch ../still-inside', dangerouslyDisableSandbox: true }, ctx);
      expect(outcome.data?.sandboxNote).toContain('dangerouslyDisableSandbox was ignored');
      expect(existsSync(path.join(base, 'still-inside'))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
