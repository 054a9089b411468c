import { useEffect, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useConfigStore } from '../stores/config-store';

export const onlineOrdersNoticeDelayMs = 3000;

/** Spec §2/§4: opens 3 s after settings load when ordering is disabled; can be dismissed. */
export function OnlineOrdersDisabledNotice() {
  const loaded = useConfigStore((s) => !s.isThemeLoading);
  const disabled = useConfigStore((s) => s.webSettings?.is_online_order_enabled === 0);
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

  const close = () => {
    setOpen(false);
    setDismissed(true);
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title="We're not accepting online orders at the moment."
      description="You can still browse our menu and explore items."
    >
      <button
        type="button"
        onClick={close}
        className="mt-6 w-full rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        Continue Browsing
      </button>
    </ModalDialog>
  );
}
