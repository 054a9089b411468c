import type { OrderAccessCredential } from '@orderfront/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { saveOrderAccess } from '@/lib/order-access';

/** POST /v2/orders/:id/access: the mailed link's token, exchanged once for a header credential. */
export function exchangeOrderLink(orderId: number, token: string) {
  return api<OrderAccessCredential>(`/v2/orders/${orderId}/access`, { method: 'POST', body: { token } });
}

/**
 * Opening a mailed link: its token is exchanged for a credential this tab keeps, then `onUsed` drops
 * it from the address bar. True once the order can be asked for (at once without a token).
 */
export function useOrderLink(orderId: number, token: string | null, onUsed: () => void): boolean {
  const [settled, setSettled] = useState(token === null);
  const used = useRef(onUsed);
  used.current = onUsed;
  useEffect(() => {
    if (token === null) return setSettled(true);
    let live = true;
    setSettled(false);
    exchangeOrderLink(orderId, token)
      .then(
        ({ access }) => {
          saveOrderAccess(orderId, access);
          if (live) used.current();
        },
        () => undefined,
      )
      .finally(() => {
        if (live) setSettled(true);
      });
    return () => {
      live = false;
    };
  }, [orderId, token]);
  return settled;
}
