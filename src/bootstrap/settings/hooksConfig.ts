// The runnable hooks that merged settings configure; `disableAllHooks` anywhere switches them off.
import { toHooksConfig, type HooksConfig } from '../../hooks/config.js';
import type { Settings } from './schema.js';

export function hooksConfigFromSettings(settings: Settings): HooksConfig {
  if (settings.disableAllHooks === true) return {};
  return toHooksConfig(settings.hooks);
}
