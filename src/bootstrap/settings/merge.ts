// Folds the sources into one view: objects merge key by key, arrays (permission rules, hook
// groups, server lists) are concatenated without duplicates, any other value is taken from
// the highest-precedence source that sets it.
import type { Settings } from './schema.js';
import { SETTING_SOURCES, type SettingSource } from './sources.js';

export function mergeSettings(bySource: Partial<Record<SettingSource, Settings>>): Settings {
  let merged: Record<string, unknown> = {};
  for (const source of SETTING_SOURCES) {
    const settings = bySource[source];
    if (settings) merged = mergeObjects(merged, settings);
  }
  return merged as Settings;
}

function mergeObjects(lower: Record<string, unknown>, higher: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...lower };
  for (const [key, value] of Object.entries(higher)) {
    if (value === undefined) continue;
    result[key] = mergeValues(result[key], value);
  }
  return result;
}

function mergeValues(lower: unknown, higher: unknown): unknown {
  if (Array.isArray(lower) && Array.isArray(higher)) return concatUnique(lower, higher);
  if (isPlainObject(lower) && isPlainObject(higher)) return mergeObjects(lower, higher);
  return higher;
}

function concatUnique(lower: unknown[], higher: unknown[]): unknown[] {
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const item of [...lower, ...higher]) {
    const key = JSON.stringify(item);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
