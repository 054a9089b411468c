import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { onIdle } from '@/lib/idle';
import { createQueryClient } from '@/lib/query-client';
import { onToasterWanted, sonner, toasterOffsets } from '@/lib/toast';

/**
 * Sonner's Toaster, off the first route (decision 035): neither the server nor the hydrating render
 * has it; it mounts as soon as a toast is asked for, or earlier when the page is idle.
 */
function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const stopListening = onToasterWanted(mount);
    const cancelIdle = onIdle(mount);
    return () => {
      stopListening();
      cancelIdle();
    };
  }, [mounted]);
  const loaded = sonner.useModule(mounted);
  if (!loaded) return null;
  // sonner's own defaults are spec §9's: 4000 ms, 3 visible, 356 px, bottom-right; raised above a
  // sheet's or drawer's action while one is open.
  return <loaded.Toaster richColors closeButton {...toasterOffsets} />;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
