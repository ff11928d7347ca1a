// The one way Pulse changes a JSON file that other processes may change too (`.mcp.json`,
// `~/.pulse/mcp.json`, the settings files): read, edit and write happen under a cross-process
// lock (utils/fileLock.ts), so twenty concurrent `pulse mcp add` keep twenty entries; edits from
// this process queue per file so they need not fight over the lock; the file is replaced
// atomically; and a file that does not hold a JSON object is never overwritten.
import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from './atomicWrite.js';
import { withFileLock } from './fileLock.js';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const queues = new Map<string, Promise<unknown>>();

async function readObject(path: string): Promise<JsonObject> {
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
  if (!isJsonObject(parsed)) throw new Error(`${path} does not hold a JSON object, so nothing was saved`);
  return parsed;
}

/**
 * Applies `edit` to the file's current object (`{}` when there is no file) and writes the result
 * when `edit` returns true. An error thrown by `edit` leaves the file untouched and is rethrown.
 */
export function editSharedJsonFile(path: string, edit: (file: JsonObject) => boolean): Promise<boolean> {
  const previous = queues.get(path) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(() =>
      withFileLock(path, async (assertHeld) => {
        const file = await readObject(path);
        if (!edit(file)) return false;
        await assertHeld();
        await writeFileAtomically(path, `${JSON.stringify(file, null, 2)}\n`);
        return true;
      }),
    );
  queues.set(path, next);
  return next.finally(() => {
    if (queues.get(path) === next) queues.delete(path);
  });
}
