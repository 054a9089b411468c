import { runtimeConfig } from '@/config/runtime';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { ContactPage } from '@/features/static-pages/components/contact-page';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Contact' };

export function Component() {
  const general = useConfigStore((s) => s.theme.general);
  return <ContactPage tenantId={runtimeConfig.tenantId} general={general} />;
}
