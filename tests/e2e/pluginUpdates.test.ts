// `pulse plugin update` and marketplaces given as the URL of a marketplace.json, through the
// built CLI: a plugin whose git marketplace moved to a new version is updated in its scope (the
// record keeps its install time, the session after it loads the new files) and one already
// current is left alone; a marketplace.json served over HTTP on 127.0.0.1 is recorded as the
// reference records it, installs its git-sourced plugins, refuses relative ones in one line, and
// `marketplace update` downloads it again.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scenario, STREAM_JSON, type Scenario } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** A fixture folder as a git repository in the world; returns its folder and a commit helper. */
function gitRepo(s: Scenario, fixture: string, name: string): { market: string; commit(message: string): void } {
  const market = join(s.world.home, name);
  cpSync(join(FIXTURES, fixture), market, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: market, stdio: 'pipe' });
  git('init', '-q');
  const commit = (message: string) => {
    git('add', '-A');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', message);
  };
  commit('market');
  return { market, commit };
}

function installedRecords(s: Scenario): Record<string, Array<Record<string, unknown>>> {
  const file = JSON.parse(readFileSync(join(s.world.configDir, 'plugins', 'installed_plugins.json'), 'utf8')) as {
    plugins: Record<string, Array<Record<string, unknown>>>;
  };
  return file.plugins;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Serves `body()` at /team/marketplace.json on 127.0.0.1, read afresh for each request. */
async function serveJson(body: () => string): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url !== '/team/marketplace.json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/team/marketplace.json`;
}

describe('pulse plugin update', () => {
  it('installs the version the marketplace has now, in the same scope, and leaves a current plugin alone', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const { market, commit } = gitRepo(s, 'marketplace', 'market-src');
    const plugin = (...args: string[]) => s.run(['plugin', ...args]);
    expect((await plugin('marketplace', 'add', `file://${market}`)).code).toBe(0);
    expect((await plugin('install', 'notes-kit@pulse-test-market', '--scope', 'project')).code).toBe(0);
    const before = installedRecords(s)['notes-kit@pulse-test-market']?.[0];
    expect(before).toMatchObject({ scope: 'project', version: '0.4.0' });

    const current = await plugin('update', 'notes-kit');
    expect(current.stderr).toBe('');
    expect(current.code).toBe(0);
    expect(current.stdout).toBe('Plugin notes-kit@pulse-test-market is already at the latest version (0.4.0)\n');

    const manifest = join(market, 'plugins', 'notes-kit', '.claude-plugin', 'plugin.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '0.5.0' }));
    writeFileSync(join(market, 'plugins', 'notes-kit', 'commands', 'jot.md'), '---\ndescription: Jot a note\n---\nWrite this down carefully: $ARGUMENTS\n');
    commit('notes-kit 0.5.0');
    const updated = await plugin('update', 'notes-kit@pulse-test-market');
    expect(updated.stderr).toBe('');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toBe('Updated plugin notes-kit@pulse-test-market from 0.4.0 to 0.5.0 (project scope); new sessions use it\n');
    const records = installedRecords(s)['notes-kit@pulse-test-market'];
    expect(records).toHaveLength(1);
    expect(records?.[0]).toMatchObject({
      scope: 'project',
      version: '0.5.0',
      installedAt: before?.installedAt,
      projectPath: s.world.repo,
      installPath: join(s.world.configDir, 'plugins', 'cache', 'pulse-test-market', 'notes-kit', '0.5.0'),
    });
    expect(records?.[0]?.lastUpdated).not.toBe(before?.lastUpdated);

    const used = await s.run(['-p', '/notes-kit:jot buy milk', ...STREAM_JSON]);
    expect(used.json()[0]?.plugins).toMatchObject([{ name: 'notes-kit', version: '0.5.0' }]);
    const sent = (s.mock.requests[0]?.body.messages as Array<{ content: unknown }>).at(-1)?.content;
    expect(JSON.stringify(sent)).toContain('Write this down carefully: buy milk');

    const unknown = await plugin('update', 'nothing-kit');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('pulse plugin: plugin "nothing-kit" is not installed\n');
  });
});

describe('a marketplace given as the URL of its marketplace.json', () => {
  it('is recorded as a url source, installs git-sourced plugins, refuses relative ones, and updates by downloading again', async () => {
    const s = await scenario([]);
    const { market: pluginRepo } = gitRepo(s, join('marketplace', 'plugins', 'notes-kit'), 'notes-kit-src');
    const catalog = {
      name: 'web-market',
      owner: { name: 'Pulse tests' },
      plugins: [
        { name: 'notes-kit', source: { source: 'url', url: `file://${pluginRepo}` }, description: 'from git' },
        { name: 'relative-kit', source: './plugins/notes-kit' },
      ],
    };
    let served: Record<string, unknown> = catalog;
    const url = await serveJson(() => JSON.stringify(served));
    const plugin = (...args: string[]) => s.run(['plugin', ...args]);

    const added = await plugin('marketplace', 'add', url);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const settings = JSON.parse(readFileSync(join(s.world.home, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(settings).toEqual({ extraKnownMarketplaces: { 'web-market': { source: { source: 'url', url } } } });
    expect(JSON.parse((await plugin('marketplace', 'list', '--json')).stdout)).toEqual([
      { name: 'web-market', source: 'url', url, installLocation: join(s.world.configDir, 'plugins', 'marketplaces', 'web-market') },
    ]);

    const relative = await plugin('install', 'relative-kit@web-market');
    expect(relative.code).toBe(1);
    expect(relative.stderr).toMatch(/^pulse plugin: plugin relative-kit: its marketplace is a marketplace\.json from a URL, .*\n$/);

    const installed = await plugin('install', 'notes-kit@web-market');
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toContain('Installed plugin notes-kit@web-market version 0.4.0');

    served = { ...catalog, plugins: [...catalog.plugins, { name: 'later-kit', source: { source: 'url', url: `file://${pluginRepo}` } }] };
    const refreshed = await plugin('marketplace', 'update', 'web-market');
    expect(refreshed.code).toBe(0);
    const cached = readFileSync(join(s.world.configDir, 'plugins', 'marketplaces', 'web-market', '.claude-plugin', 'marketplace.json'), 'utf8');
    expect(JSON.parse(cached).plugins.map((entry: { name: string }) => entry.name)).toEqual(['notes-kit', 'relative-kit', 'later-kit']);

    const gone = await plugin('marketplace', 'add', url.replace('team', 'nobody'));
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/^pulse plugin: could not download http:\/\/127\.0\.0\.1:\d+\/nobody\/marketplace\.json \(HTTP 404\)\n$/);
  });
});
