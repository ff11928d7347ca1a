// Remembers an approved `.mcp.json` server: adds its name to `enabledMcpjsonServers` in the
// project's `.claude/settings.local.json`, keeping every other key, replacing the file atomically.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { localSettingsPath } from './settings/sources.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readSettings(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return {};
    throw error;
  }
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed)) throw new Error(`${path} does not hold a JSON object, so the approval was not saved`);
  return parsed;
}

export async function saveMcpServerApproval(projectRoot: string, name: string): Promise<void> {
  const path = localSettingsPath(projectRoot);
  const settings = await readSettings(path);
  const existing = Array.isArray(settings.enabledMcpjsonServers) ? settings.enabledMcpjsonServers : [];
  if (existing.includes(name)) return;
  settings.enabledMcpjsonServers = [...existing, name];
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
