import { runtimeConfig } from '@/config/runtime';
import { ContentPageView } from '@/features/static-pages/components/content-page';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Refund Policy' };

export function Component() {
  return <ContentPageView tenantId={runtimeConfig.tenantId} slug="refund-policy" fallbackTitle="Refund Policy" />;
}
