// Edits a settings file in place (usually the project's `.claude/settings.local.json`): every other key is kept, edits to
// one file run one at a time (two quick answers cannot lose each other's change), and the file
// is replaced atomically so a crash never leaves half a settings file.
import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from '../../utils/atomicWrite.js';
import { localSettingsPath } from './sources.js';

export type SettingsObject = Record<string, unknown>;

const pendingWrites = new Map<string, Promise<void>>();

/** `edit` changes the parsed settings in place and says whether anything changed. */
export function updateLocalSettings(projectRoot: string, edit: (settings: SettingsObject) => boolean): Promise<void> {
  return updateSettingsFile(localSettingsPath(projectRoot), edit);
}

/** The same queued, atomic edit for any settings file (user, project or local). */
export function updateSettingsFile(path: string, edit: (settings: SettingsObject) => boolean): Promise<void> {
  const previous = pendingWrites.get(path) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => editFile(path, edit));
  pendingWrites.set(path, next);
  return next.finally(() => {
    if (pendingWrites.get(path) === next) pendingWrites.delete(path);
  });
}

export function isRecord(value: unknown): value is SettingsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function editFile(path: string, edit: (settings: SettingsObject) => boolean): Promise<void> {
  const settings = await readExisting(path);
  if (!edit(settings)) return;
  await writeFileAtomically(path, `${JSON.stringify(settings, null, 2)}\n`);
}

async function readExisting(path: string): Promise<SettingsObject> {
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
    throw new Error(`${path} is not valid JSON, so nothing was saved (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(parsed)) throw new Error(`${path} does not hold a JSON object, so nothing was saved`);
  return parsed;
}
