import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { ErrorScreen } from '@/features/static-pages/components/error-screen';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Error' };

export function Component() {
  const message = useConfigStore((s) => s.errorMessage);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      message={message}
      onRetry={() => {
        // Start over: fresh settings (the layout shows /error again if they still fail), then home.
        useConfigStore.getState().clearServerDown();
        void queryClient.resetQueries();
        navigate('/', { replace: true });
      }}
    />
  );
}
