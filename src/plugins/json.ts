// Reads the JSON files of plugins and marketplaces: a byte-order mark is dropped, a missing file
// is undefined, and anything unreadable is one line naming the file.
import { existsSync, readFileSync } from 'node:fs';
import { stripBom } from '../utils/bom.js';

export class PluginFileError extends Error {}

export function readJsonFile(path: string): unknown {
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PluginFileError(`${path} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    return JSON.parse(stripBom(text)) as unknown;
  } catch (error) {
    throw new PluginFileError(`${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
