// "Don't ask again": adds one rule to the project's `.claude/settings.local.json`, keeping every
// other key, and replaces the file atomically so a crash never leaves half a settings file.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatRule } from '../../permissions/rules.js';
import type { PermissionBehavior, RuleValue } from '../../types/permissions.js';
import { localSettingsPath } from './sources.js';

/** One write at a time per file, so two quick answers cannot lose each other's rule. */
const pendingWrites = new Map<string, Promise<void>>();

export function saveLocalRule(projectRoot: string, rule: RuleValue, behavior: PermissionBehavior): Promise<void> {
  const path = localSettingsPath(projectRoot);
  const previous = pendingWrites.get(path) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => addRuleToFile(path, formatRule(rule), behavior));
  pendingWrites.set(path, next);
  return next.finally(() => {
    if (pendingWrites.get(path) === next) pendingWrites.delete(path);
  });
}

async function addRuleToFile(path: string, ruleText: string, behavior: PermissionBehavior): Promise<void> {
  const settings = await readExisting(path);
  const permissions = isRecord(settings.permissions) ? settings.permissions : {};
  const existing = permissions[behavior];
  const list = Array.isArray(existing) ? existing : [];
  if (list.includes(ruleText)) return;
  settings.permissions = { ...permissions, [behavior]: [...list, ruleText] };
  await writeAtomically(path, `${JSON.stringify(settings, null, 2)}\n`);
}

async function readExisting(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return {};
    throw error;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Never overwrite a file the user is halfway through editing.
    throw new Error(`${path} is not valid JSON, so the rule was not saved (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(parsed)) throw new Error(`${path} does not hold a JSON object, so the rule was not saved`);
  return parsed;
}

async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
