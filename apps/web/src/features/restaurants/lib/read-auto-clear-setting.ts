import { defaultTheme } from '@orderfront/core';
import { type AutoClearSetting, autoClearSettingFromGeneral } from './auto-clear';

/**
 * Where the auto-clear setting comes from: the theme's general settings (spec §3). Until the config
 * store lands this reads the default theme (auto-clear off); the config store replaces this one
 * function with a read of the tenant's theme.
 */
export function readAutoClearSetting(): AutoClearSetting {
  return autoClearSettingFromGeneral(defaultTheme.general);
}
