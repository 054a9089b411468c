import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import { toasterOffsets } from '@/lib/toast';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* sonner's own defaults are spec §9's: 4000 ms, 3 visible, 356 px, bottom-right; raised above
          a sheet's or drawer's action while one is open. */}
      <Toaster richColors closeButton {...toasterOffsets} />
    </QueryClientProvider>
  );
}
