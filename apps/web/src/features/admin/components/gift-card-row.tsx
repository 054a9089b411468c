import {
  type AdminGiftCard,
  adminRefundGiftCardBodySchema,
  adminVoidGiftCardBodySchema,
  type GiftCardLedgerEntry,
} from '@orderfront/core';
import { useEffect, useId, useRef, useState } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { useZodForm } from '@/lib/forms';
import { formatAdjustment, formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useGiftCardLedger } from '../api/get-gift-card-ledger';
import { useRefundGiftCard } from '../api/refund-gift-card';
import { useVoidGiftCard } from '../api/void-gift-card';
import { problemOf } from '../lib/form';
import { Button, inputClass, messageOf, Notice } from './ui';

const statusText: Record<AdminGiftCard['status'], string> = {
  pending_payment: 'Awaiting payment',
  active: 'Active',
  void: 'Void',
};

const kindText = { issue: 'Issued', redeem: 'Redeemed', release: 'Released', refund: 'Refunded', void: 'Voided' };
/** A refund with an order put the order's money back on the card; one without sent the card's money back. */
const kindOf = (entry: GiftCardLedgerEntry) =>
  entry.kind === 'refund' && entry.order_id === null ? 'Refunded to the buyer' : kindText[entry.kind];

/** Bought online, still usable and with money on it: a manager can send that money back to the buyer. */
const refundable = (card: AdminGiftCard) => card.source === 'purchase' && card.status === 'active' && card.balance > 0;

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(runtimeConfig.tenant.locale, { dateStyle: 'medium' });

function Ledger({ card }: { card: AdminGiftCard }) {
  const { data, error, isPending } = useGiftCardLedger(card.id);
  if (error) return <Notice tone="error">{error.message}</Notice>;
  if (isPending) return <p role="status">Loading…</p>;
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="text-left font-semibold">Ledger of card …{card.last4}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col">Date</th>
          <th scope="col">Kind</th>
          <th scope="col">Amount</th>
          <th scope="col">Balance after</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {data.map((entry) => (
          <tr key={entry.id}>
            <td>{dateText(entry.created_at)}</td>
            <td>
              {kindOf(entry)}
              {entry.note && <span className="text-stone-700"> ({entry.note})</span>}
            </td>
            <td>{formatAdjustment(entry.amount, card.currency)}</td>
            <td>{formatMoney(entry.balance_after, card.currency)}</td>
            <td>{entry.order_id === null ? '' : `#${entry.order_id}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A card action that needs a reason (void, refund): the reason is required, checked as the API
 * checks it, the keyboard starts in it, and the API's refusal is shown as it says it (the card is
 * untouched then).
 */
function ReasonForm({
  label,
  action,
  pending,
  schema,
  onSubmit,
  onCancel,
}: {
  label: string;
  action: string;
  pending: boolean;
  schema: typeof adminVoidGiftCardBodySchema | typeof adminRefundGiftCardBodySchema;
  onSubmit(reason: string): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const { register, handleSubmit, setFocus, setError, formState } = useZodForm(schema, {
    defaultValues: { reason: '' },
  });
  useEffect(() => setFocus('reason'), [setFocus]);
  const problem = problemOf(formState.errors);

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason);
    } catch (error) {
      setError('root.server', { message: messageOf(error) });
    }
  });

  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
      <label htmlFor={`${id}-reason`} className="grid gap-1 text-sm">
        {label}
        <input id={`${id}-reason`} className={inputClass} required maxLength={300} {...register('reason')} />
      </label>
      <Button primary type="submit" disabled={pending}>
        {action}
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
      {problem && (
        <p role="alert" className="w-full text-red-700 text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}

function VoidForm({ card, onDone }: { card: AdminGiftCard; onDone(): void }) {
  const voidCard = useVoidGiftCard();
  return (
    <ReasonForm
      label="Reason for voiding"
      action="Void card"
      pending={voidCard.isPending}
      schema={adminVoidGiftCardBodySchema}
      onCancel={onDone}
      onSubmit={async (reason) => {
        await voidCard.mutateAsync({ id: card.id, reason });
        toast.success('Gift card voided', { description: `…${card.last4}` });
        onDone();
      }}
    />
  );
}

/** The confirmation step of a refund: the amount that goes back and to whom, and a required reason. */
function RefundForm({ card, onCancel, onDone }: { card: AdminGiftCard; onCancel(): void; onDone(): void }) {
  const id = useId();
  const refund = useRefundGiftCard();
  const amount = formatMoney(card.balance, card.currency);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-md border border-stone-400 bg-stone-50 p-3">
      <h3 id={`${id}-title`} className="font-semibold">
        Refund card …{card.last4 ?? card.id}
      </h3>
      <p className="mt-1 text-sm">
        <strong>{amount}</strong> goes back to the card {card.purchaser_email} paid with. The gift card stops working;
        money already spent on orders stays spent.
      </p>
      <ReasonForm
        label="Reason for the refund (for staff)"
        action={refund.isPending ? 'Refunding…' : `Refund ${amount}`}
        pending={refund.isPending}
        schema={adminRefundGiftCardBodySchema}
        onCancel={onCancel}
        onSubmit={async (reason) => {
          const refunded = await refund.mutateAsync({ id: card.id, reason });
          toast.success('Gift card refunded', {
            description: `${formatMoney(refunded.refunded_amount ?? 0, card.currency)} goes back to ${card.purchaser_email}`,
          });
          onDone();
        }}
      />
    </section>
  );
}

/** Why a card no longer pays: refunded to its buyer (and whether the provider confirmed it) or voided. */
function EndNote({ card, focus }: { card: AdminGiftCard; focus: { current: boolean } }) {
  const text =
    card.refunded_at && card.refunded_amount
      ? `${card.refund_id ? 'Refunded' : 'Refund sent, not yet confirmed by the payment provider:'} ${formatMoney(card.refunded_amount, card.currency)} to the buyer on ${dateText(card.refunded_at)}${card.void_reason ? `: ${card.void_reason}` : ''}`
      : card.void_reason && `Voided: ${card.void_reason}`;
  if (!text) return null;
  return (
    <p
      ref={(note) => {
        if (note && focus.current) note.focus();
        if (note) focus.current = false;
      }}
      tabIndex={-1}
      className="text-sm text-stone-700"
    >
      {text}
    </p>
  );
}

export function GiftCardRow({ card, canManage }: { card: AdminGiftCard; canManage: boolean }) {
  const id = useId();
  const [open, setOpen] = useState<'ledger' | 'void' | 'refund' | null>(null);
  // After a refund the button is gone: the keyboard lands on the note that says what happened.
  const focusNote = useRef(false);
  const name = `…${card.last4 ?? card.id}`;
  const status = card.refunded_at ? 'Refunded' : statusText[card.status];
  return (
    <li className="rounded-md border border-stone-300 bg-white p-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-bold font-mono">{name}</span>
        <span className="rounded bg-stone-200 px-2 py-0.5 font-semibold text-xs">{status}</span>
        <span>
          {formatMoney(card.balance, card.currency)} of {formatMoney(card.initial_amount, card.currency)}
        </span>
        <span className="text-sm">
          To {card.recipient_name} ({card.recipient_email})
        </span>
        <span className="text-sm">{card.expires_at ? `Expires ${dateText(card.expires_at)}` : 'No expiry'}</span>
        <div className="ml-auto flex gap-2">
          <Button aria-label={`Ledger of ${name}`} onClick={() => setOpen(open === 'ledger' ? null : 'ledger')}>
            Ledger
          </Button>
          {canManage && refundable(card) && (
            <Button
              id={`${id}-refund`}
              aria-label={`Refund ${name}`}
              aria-expanded={open === 'refund'}
              onClick={() => setOpen(open === 'refund' ? null : 'refund')}
            >
              Refund
            </Button>
          )}
          {canManage && card.status !== 'void' && (
            <Button aria-label={`Void ${name}`} onClick={() => setOpen(open === 'void' ? null : 'void')}>
              Void
            </Button>
          )}
        </div>
      </div>
      <EndNote card={card} focus={focusNote} />
      {open === 'ledger' && <Ledger card={card} />}
      {open === 'void' && <VoidForm card={card} onDone={() => setOpen(null)} />}
      {open === 'refund' && (
        <RefundForm
          card={card}
          onCancel={() => {
            setOpen(null);
            document.getElementById(`${id}-refund`)?.focus();
          }}
          onDone={() => {
            focusNote.current = true;
            setOpen(null);
          }}
        />
      )}
    </li>
  );
}
