// "Don't ask again": adds one rule to the project's `.claude/settings.local.json`.
import { formatRule } from '../../permissions/rules.js';
import type { PermissionBehavior, RuleValue } from '../../types/permissions.js';
import { isRecord, updateLocalSettings } from './updateLocalSettings.js';

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
