// "Don't ask again": adds one rule to the project's `.claude/settings.local.json`; `/permissions
// remove` takes one out of whichever settings file it came from.
import { formatRule, parseRuleString } from '../../permissions/rules.js';
import type { PermissionBehavior, RuleValue } from '../../types/permissions.js';
import { isRecord, updateLocalSettings, updateSettingsFile } from './updateLocalSettings.js';

export function saveLocalRule(projectRoot: string, rule: RuleValue, behavior: PermissionBehavior): Promise<void> {
  const ruleText = formatRule(rule);
  return updateLocalSettings(projectRoot, (settings) => {
    const permissions = isRecord(settings.permissions) ? settings.permissions : {};
    const existing = permissions[behavior];
    const list = Array.isArray(existing) ? existing : [];
    if (list.includes(ruleText)) return false;
    settings.permissions = { ...permissions, [behavior]: [...list, ruleText] };
    return true;
  });
}

/** Removes every spelling of `rule` from the file's `permissions[behavior]` list; other keys stay. */
export function removeSettingsRule(path: string, rule: RuleValue, behavior: PermissionBehavior): Promise<void> {
  const ruleText = formatRule(rule);
  const sameRule = (entry: unknown): boolean => {
    if (typeof entry !== 'string') return false;
    const parsed = parseRuleString(entry);
    return parsed !== undefined && formatRule(parsed) === ruleText;
  };
  return updateSettingsFile(path, (settings) => {
    const permissions = isRecord(settings.permissions) ? settings.permissions : undefined;
    const existing = permissions?.[behavior];
    if (!permissions || !Array.isArray(existing) || !existing.some(sameRule)) return false;
    settings.permissions = { ...permissions, [behavior]: existing.filter((entry) => !sameRule(entry)) };
    return true;
  });
}
