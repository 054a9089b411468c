import { runtimeConfig } from '@/config/runtime';
import { RequireAbility } from '@/features/admin/components/admin-shell';
import { ConfigEditor } from '@/features/settings/components/config-editor';
import { SettingsSync } from '@/features/settings/components/settings-sync';

/** The theme editor (decision 008), for owners, as a page of the back office (the same component). */
export function Component() {
  return (
    <RequireAbility ability="theme">
      <SettingsSync tenantId={runtimeConfig.tenantId} />
      <ConfigEditor tenantId={runtimeConfig.tenantId} inline />
    </RequireAbility>
  );
}
