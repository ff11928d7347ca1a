// "Yes, and don't ask again": the rules or mode changes that would let the same call through
// (Bash's: bash/suggestions.ts).
import { dirname } from 'node:path';
import type { PermissionUpdate, RuleValue } from '../types/permissions.js';

export function editSuggestions(path: string, insideWorkingDirectories: boolean): PermissionUpdate[] {
  if (insideWorkingDirectories) return [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }];
  return [{ type: 'addDirectories', directories: [dirname(path)], destination: 'session' }];
}

export function readSuggestions(directory: string): PermissionUpdate[] {
  return [{ type: 'addDirectories', directories: [directory], destination: 'session' }];
}

export function toolSuggestions(rule: RuleValue): PermissionUpdate[] {
  return [{ type: 'addRules', rules: [rule], behavior: 'allow', destination: 'localSettings' }];
}
