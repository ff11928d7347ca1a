// Edits a settings file in place (usually the project's `.claude/settings.local.json`): every
// other key is kept, and the edit goes through the shared JSON helper, so two Pulse windows in
// one project (or two quick answers in one) never lose each other's change.
import { editSharedJsonFile, isJsonObject, type JsonObject } from '../../utils/sharedJsonFile.js';
import { localSettingsPath } from './sources.js';

export type SettingsObject = JsonObject;

export const isRecord = isJsonObject;

/** `edit` changes the parsed settings in place and says whether anything changed. */
export function updateLocalSettings(projectRoot: string, edit: (settings: SettingsObject) => boolean): Promise<void> {
  return updateSettingsFile(localSettingsPath(projectRoot), edit);
}

/** The same locked, atomic edit for any settings file (user, project or local). */
export async function updateSettingsFile(path: string, edit: (settings: SettingsObject) => boolean): Promise<void> {
  await editSharedJsonFile(path, edit);
}
