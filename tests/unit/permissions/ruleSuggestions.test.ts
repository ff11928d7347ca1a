// "Yes, and don't ask again" for Bash, against the table in ruleSuggestionCases.ts: what Pulse
// offers beside what the reference offered (recorded by scripts/reference/ruleSuggestions.mjs in a
// project shaped like this one), and that an offer, once saved to .claude/settings.local.json the
// way the dialog saves it and read back, allows the same command again, still asks for the
// dangerous variants, and loses to a deny rule.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPermissionUpdater } from '../../../src/bootstrap/permissionUpdates.js';
import { readSettingsFile, rulesFromSettings } from '../../../src/bootstrap/settings/index.js';
import { localSettingsPath } from '../../../src/bootstrap/settings/sources.js';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import type { PermissionDecision, PermissionRule, PermissionUpdate, ToolPermissionContext } from '../../../src/types/permissions.js';
import { buildRules, fakeContext, tools } from './fakes.js';
import { RULE_SUGGESTION_CASES, type RuleSuggestionCase } from './ruleSuggestionCases.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/reference-output');
type Recorded = { asked: boolean; suggestions?: PermissionUpdate[] };
const recorded: Record<string, Recorded> = JSON.parse(readFileSync(join(FIXTURES, 'bash-rule-suggestions.json'), 'utf8')).commands;
const recordedCommands: string[] = JSON.parse(readFileSync(join(FIXTURES, 'bash-rule-suggestion-commands.json'), 'utf8')).commands;

/** A project like the recorder's: a repository with a package.json, a folder x and a nested repository. */
function makeProject(): string {
  const project = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-rule-suggestions-')));
  for (const dir of ['.git', 'x', 'other/.git']) mkdirSync(join(project, dir), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"name":"p"}');
  return project;
}
const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

const ruleContents = (updates: readonly PermissionUpdate[] | undefined): string[] =>
  (updates ?? []).flatMap((update) => (update.type === 'addRules' ? update.rules.map((rule) => rule.ruleContent ?? '') : []));

async function decide(project: string, command: string, rules: PermissionRule[] = []): Promise<PermissionDecision> {
  return resolvePermission(tools.Bash, { command }, fakeContext({ cwd: project, rules }));
}

async function offered(project: string, command: string): Promise<PermissionUpdate[] | undefined> {
  const decision = await decide(project, command);
  expect(decision.behavior, command).toBe('ask');
  return decision.behavior === 'ask' ? decision.suggestions : undefined;
}

/** Saves the offer as "don't ask again" does, then reads the rules back from settings.local.json. */
async function saveAndReload(project: string, updates: PermissionUpdate[]): Promise<PermissionRule[]> {
  let live: ToolPermissionContext = { mode: 'default', rules: [], workingDirectories: [project] };
  const update = createPermissionUpdater({ get: () => live, set: (next) => (live = next), projectRoot: project });
  await update(updates);
  const { settings, error } = readSettingsFile(localSettingsPath(project), 'localSettings', 'local settings');
  expect(error).toBeUndefined();
  rmSync(join(project, '.claude'), { recursive: true, force: true });
  return rulesFromSettings({ localSettings: settings ?? {} }, project);
}

describe('the table itself', () => {
  it('covers every recorded command, once, and each deviation says why and where from', () => {
    const commands = RULE_SUGGESTION_CASES.map((entry) => entry.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect([...commands].sort()).toEqual([...recordedCommands].sort());
    for (const entry of RULE_SUGGESTION_CASES) {
      expect(recorded[entry.command]?.asked, entry.command).toBe(true);
      const theirs = ruleContents(recorded[entry.command]?.suggestions);
      if (entry.why === undefined) {
        expect(entry.source, entry.command).toBe('reference');
        expect(entry.offers, `${entry.command}: the reference offered`).toEqual(theirs);
        continue;
      }
      expect(entry.offers, `${entry.command}: the note says Pulse departs from the reference`).not.toEqual(theirs);
      if (entry.source === 'reference') {
        expect(entry.like, `${entry.command}: a departure sourced from the reference names the command it is like`).toBeDefined();
        expect(ruleContents(recorded[entry.like as string]?.suggestions), `${entry.command} is like ${entry.like}`).toEqual(entry.offers);
      }
    }
  });
});

describe('what "don\'t ask again" offers for a Bash command', () => {
  const project = makeProject();
  projects.push(project);
  it.each(RULE_SUGGESTION_CASES.map((entry): [string, RuleSuggestionCase] => [JSON.stringify(entry.command), entry]))('%s', async (_name, entry) => {
    const suggestions = await offered(project, entry.command);
    expect(ruleContents(suggestions)).toEqual(entry.offers);
    if (entry.offers.length === 0) expect(suggestions).toBeUndefined();
    else expect(suggestions).toEqual([{ type: 'addRules', rules: entry.offers.map((ruleContent) => ({ toolName: 'Bash', ruleContent })), behavior: 'allow', destination: 'localSettings' }]);
  });
});

describe('an offer, once saved, allows the same command again and nothing it did not show', () => {
  const withOffers = RULE_SUGGESTION_CASES.filter((entry) => entry.offers.length > 0);
  it.each(withOffers.map((entry): [string, RuleSuggestionCase] => [JSON.stringify(entry.command), entry]))('%s', async (_name, entry) => {
    const project = makeProject();
    projects.push(project);
    const saved = await saveAndReload(project, (await offered(project, entry.command)) ?? []);
    expect(saved.map((rule) => rule.ruleContent)).toEqual(entry.offers);
    expect((await decide(project, entry.command, saved)).behavior, `${entry.command} again`).toBe('allow');
    for (const command of entry.alsoAllows ?? []) expect((await decide(project, command, saved)).behavior, command).toBe('allow');
    for (const command of entry.stillAsks ?? []) expect((await decide(project, command, saved)).behavior, command).not.toBe('allow');
    // Deny wins: the same rule as a deny refuses the very command the allow was saved for.
    const denied = buildRules({ deny: entry.offers.map((content) => `Bash(${content})`) });
    expect((await decide(project, entry.command, [...saved, ...denied])).behavior, `${entry.command} under a deny`).toBe('deny');
  });

  it('with every offer saved at once, a deny rule still refuses the variants that reach for it', async () => {
    const project = makeProject();
    projects.push(project);
    const everything: PermissionUpdate[] = [];
    for (const entry of withOffers) everything.push(...((await offered(project, entry.command)) ?? []));
    const saved = await saveAndReload(project, everything);
    const deny = buildRules({ deny: ['Bash(rm -rf:*)', 'Bash(curl:*)'] });
    const variants = withOffers.flatMap((entry) => entry.stillAsks ?? []).filter((command) => /\b(rm -rf|curl) /.test(command));
    expect(variants.length).toBeGreaterThan(10);
    for (const command of variants) expect((await decide(project, command, [...saved, ...deny])).behavior, command).toBe('deny');
  });
});
