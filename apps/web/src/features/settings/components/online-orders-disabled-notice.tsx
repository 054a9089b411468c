import { lazy, Suspense, useEffect, useState } from 'react';
import { useConfigStore } from '../stores/config-store';

export const onlineOrdersNoticeDelayMs = 3000;

// Radix stays out of the entry chunk: the dialog loads when the notice first opens.
const OnlineOrdersDisabledDialog = lazy(() =>
  import('./online-orders-disabled-dialog').then((m) => ({ default: m.OnlineOrdersDisabledDialog })),
);

/** Spec §2/§4: opens 3 s after settings load when ordering is disabled; can be dismissed. */
export function OnlineOrdersDisabledNotice() {
  const loaded = useConfigStore((s) => !s.isThemeLoading);
  const disabled = useConfigStore((s) => s.webSettings?.is_online_order_enabled === 0);
  const pausedUntil = useConfigStore((s) => s.webSettings?.ordering?.paused_until ?? null);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!loaded || !disabled || dismissed) {
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => setOpen(true), onlineOrdersNoticeDelayMs);
    return () => clearTimeout(timer);
  }, [loaded, disabled, dismissed]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OnlineOrdersDisabledDialog
        open
        pausedUntil={pausedUntil}
        onClose={() => {
          setOpen(false);
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
