// Reads and validates one settings file. A missing file is simply absent; a broken one becomes a
// one-line error naming the file and the field, and the file is left out.
import { existsSync, readFileSync } from 'node:fs';
import type * as z from 'zod';
import { stripBom } from '../../utils/bom.js';
import { SettingsSchema, type Settings } from './schema.js';
import type { SettingSource } from './sources.js';

export type SettingsError = {
  /** Absolute path of the file, or `--settings` for inline JSON. */
  file: string;
  source: SettingSource;
  /** One line, starting with the file's short name: `.claude/settings.json: permissions.allow must be ...`. */
  message: string;
};

export type SettingsReadResult = { settings?: Settings; error?: SettingsError };

export function readSettingsFile(path: string, source: SettingSource, displayName: string): SettingsReadResult {
  // Missing is the common case: checking first spares building an error for each absent file.
  if (!existsSync(path)) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return {};
    return failed(path, source, displayName, `could not be read (${errorText(error)})`);
  }
  return parseSettingsText(text, path, source, displayName);
}

export function parseSettingsText(
  text: string,
  file: string,
  source: SettingSource,
  displayName: string,
): SettingsReadResult {
  if (text.trim() === '') return { settings: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(stripBom(text));
  } catch (error) {
    return failed(file, source, displayName, `is not valid JSON (${errorText(error)})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return failed(file, source, displayName, 'must contain a JSON object');
  }
  const parsed = SettingsSchema().safeParse(raw);
  if (parsed.success) return { settings: parsed.data };
  return failed(file, source, displayName, describeIssues(parsed.error.issues));
}

function describeIssues(issues: z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (!first) return 'is invalid';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${formatPath(first.path)} ${describeIssue(first)}${more}`;
}

function formatPath(path: PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text || '(top level)';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${article(issue.expected)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'record' || expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  if (expected === 'int') return 'a whole number';
  return `a ${expected}`;
}

function failed(file: string, source: SettingSource, displayName: string, problem: string): SettingsReadResult {
  return { error: { file, source, message: `${displayName}: ${problem}` } };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
