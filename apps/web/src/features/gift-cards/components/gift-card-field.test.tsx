import { splitPayment } from '@orderfront/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubApi } from '@/testing/api';
import { GiftCardField } from './gift-card-field';

afterEach(() => vi.unstubAllGlobals());

/** The checkout's composition: the payment split decides the card's share of the order. */
function Harness({ totalCents, kept = null }: { totalCents: number; kept?: string | null }) {
  const [applied, setApplied] = useState<string | null>(kept);
  const [balance, setBalance] = useState<number | null>(null);
  const split = splitPayment({ totalCents, loyaltyCents: 0, giftCardBalanceCents: balance ?? 0 });
  return (
    <QueryClientProvider client={new QueryClient()}>
      <GiftCardField
        applied={applied}
        share={balance === null ? null : split.gift_card}
        onApply={(code, available) => {
          setApplied(code);
          setBalance(available);
        }}
        onRemove={() => setApplied(null)}
      />
      <div data-testid="applied">{applied ?? 'none'}</div>
    </QueryClientProvider>
  );
}

describe('checkout gift card field', () => {
  it('applies a good code with its share of a $32.00 order and removes it again', async () => {
    stubApi({
      'POST /api/v2/gift-cards/balance': () =>
        ok({ last4: 'HB2N', balance: 5000, currency: 'AUD', status: 'active', expires_at: null }),
    });
    render(<Harness totalCents={3200} />);
    await userEvent.type(screen.getByLabelText('Gift card code'), 'k7qm-3xrt-9pwd-hb2n');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending HB2N: pays $32.00 ($18.00 stays on the card)',
    );
    expect(screen.getByTestId('applied')).toHaveTextContent('K7QM-3XRT-9PWD-HB2N');
    await userEvent.click(screen.getByRole('button', { name: 'Remove gift card' }));
    expect(screen.getByTestId('applied')).toHaveTextContent('none');
  });

  it('keeps a wrong code out of the checkout and says why', async () => {
    stubApi({
      'POST /api/v2/gift-cards/balance': () =>
        json(404, {
          data: null,
          error: { code: 'not_found', message: "We couldn't find an active gift card with that code." },
        }),
    });
    render(<Harness totalCents={3200} />);
    await userEvent.type(screen.getByLabelText('Gift card code'), 'AAAA-AAAA-AAAA-AAAA');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find an active gift card with that code.");
    expect(screen.getByTestId('applied')).toHaveTextContent('none');
  });

  it('checks a code kept from an earlier visit again on arrival and shows its share', async () => {
    const calls: unknown[] = [];
    stubApi({
      'POST /api/v2/gift-cards/balance': (_url, init) => {
        calls.push(JSON.parse(String(init?.body)));
        return ok({ last4: 'HB2N', balance: 1000, currency: 'AUD', status: 'active', expires_at: null });
      },
    });
    render(<Harness totalCents={3200} kept="K7QM-3XRT-9PWD-HB2N" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Gift card ending HB2N: pays $10.00');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ code: 'K7QM-3XRT-9PWD-HB2N' });
    expect(screen.getByTestId('applied')).toHaveTextContent('K7QM-3XRT-9PWD-HB2N');
  });

  it('takes off a kept code that no longer works and says why', async () => {
    stubApi({
      'POST /api/v2/gift-cards/balance': () =>
        json(404, {
          data: null,
          error: { code: 'not_found', message: "We couldn't find an active gift card with that code." },
        }),
    });
    render(<Harness totalCents={3200} kept="K7QM-3XRT-9PWD-HB2N" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find an active gift card with that code.");
    expect(screen.getByTestId('applied')).toHaveTextContent('none');
    expect(screen.getByLabelText('Gift card code')).toBeInTheDocument();
  });
});
