import { runtimeConfig } from '@/config/runtime';
import { ContentPageView } from '@/features/static-pages/components/content-page';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Terms and Conditions' };

export function Component() {
  return <ContentPageView tenantId={runtimeConfig.tenantId} slug="terms" fallbackTitle="Terms and Conditions" />;
}
