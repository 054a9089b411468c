import type { Order } from '@orderfront/core';
import { useState } from 'react';
import { secondaryButton } from '@/components/ui/styles';
import { apiMessage } from '@/lib/api-client';
import { downloadInvoice } from '../api/download-invoice';

/** 'Download tax invoice' for an order once it is placed (a card order once paid). */
export function InvoiceButton({ order }: { order: Pick<Order, 'id' | 'order_number' | 'status'> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (order.status === 'pending_payment') return null;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        aria-label={`Download tax invoice for order #${order.order_number}`}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await downloadInvoice(order.id, order.order_number);
          } catch (e) {
            setError(apiMessage(e, 'The invoice could not be downloaded.'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Preparing…' : 'Download tax invoice'}
      </button>
      {error && (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
