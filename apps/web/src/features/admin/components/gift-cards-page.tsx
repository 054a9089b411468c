import type { AdminGiftCard, GiftCardLedgerEntry } from '@storefront/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import {
  type GiftCardSearch,
  useGiftCardLedger,
  useGiftCardMutations,
  useGiftCardSummary,
  useGiftCards,
} from '../api/gift-cards';
import { useAdmin } from './admin-context';
import { parseCents } from './money-input';
import { Button, formatCents, inputClass, messageOf, Notice, PageTitle } from './ui';

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

/** 'ABCD1234EFGH' → 'ABCD 1234 EFGH': easier to read out or copy by hand. */
const grouped = (code: string) =>
  code
    .replace(/[\s-]/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? code;

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-AU', { dateStyle: 'medium' });
const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : `−${formatCents(-cents)}`);

function SearchForm({ searching, onSearch }: { searching: boolean; onSearch(search: GiftCardSearch | null): void }) {
  const id = useId();
  const [by, setBy] = useState<keyof GiftCardSearch>('code');
  const [text, setText] = useState('');
  return (
    <form
      aria-label="Find gift cards"
      className="flex flex-wrap items-end gap-3 rounded-md border border-stone-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        // An empty search is no search: back to the most recent cards.
        onSearch(text.trim() ? { [by]: text.trim() } : null);
      }}
    >
      <label htmlFor={`${id}-by`} className="grid gap-1 text-sm">
        Search by
        <select
          id={`${id}-by`}
          className={inputClass}
          value={by}
          onChange={(e) => setBy(e.target.value as keyof GiftCardSearch)}
        >
          <option value="code">Code</option>
          <option value="last4">Last 4 characters</option>
          <option value="email">Email</option>
        </select>
      </label>
      <label htmlFor={`${id}-text`} className="grid gap-1 text-sm">
        Search for
        <input id={`${id}-text`} className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Button primary type="submit">
        Search
      </Button>
      {searching && (
        <Button
          onClick={() => {
            setText('');
            onSearch(null);
          }}
        >
          Show recent
        </Button>
      )}
    </form>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-stone-300 bg-white p-3">
      <dt className="text-sm text-stone-700">{term}</dt>
      <dd className="font-bold text-stone-900 text-xl">{value}</dd>
      {note && <dd className="text-sm text-stone-700">{note}</dd>}
    </div>
  );
}

/** What the business owes on its cards and how they sold and were spent lately (all restaurants). */
function Summary() {
  const id = useId();
  const { restaurant } = useAdmin();
  const { data, error } = useGiftCardSummary();
  const money = (cents: number) => formatCents(cents, data?.currency);
  const since =
    data && new Date(data.since).toLocaleDateString('en-AU', { dateStyle: 'medium', timeZone: restaurant.timezone });
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6">
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-lg">
        Summary
      </h2>
      {error && <Notice tone="error">{error.message}</Notice>}
      {!data && !error && <p role="status">Loading…</p>}
      {data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              term="Outstanding balance"
              value={money(data.outstanding_balance)}
              note="Still to spend on active cards: what you owe"
            />
            <Figure term="Active cards" value={String(data.active_cards)} />
            <Figure
              term={`Sold, last ${data.days} days`}
              value={money(data.sold.amount)}
              note={plural(data.sold.count, 'paid card', 'paid cards')}
            />
            <Figure
              term={`Issued by staff, last ${data.days} days`}
              value={money(data.issued.amount)}
              note={plural(data.issued.count, 'card', 'cards')}
            />
            <Figure
              term={`Redeemed, last ${data.days} days`}
              value={money(data.redeemed.amount)}
              note={`on ${plural(data.redeemed.count, 'order', 'orders')}, less refunds`}
            />
            <Figure
              term={`Refunded to buyers, last ${data.days} days`}
              value={money(data.refunded.amount)}
              note={plural(data.refunded.count, 'card', 'cards')}
            />
            {data.expired_balance > 0 && (
              <Figure term="Left on expired cards" value={money(data.expired_balance)} note="No longer spendable" />
            )}
          </dl>
          <p className="mt-2 text-sm text-stone-700">
            The last {data.days} days start on {since}.
          </p>
        </>
      )}
    </section>
  );
}

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
            <td>{signed(entry.amount)}</td>
            <td>{formatCents(entry.balance_after, card.currency)}</td>
            <td>{entry.order_id === null ? '' : `#${entry.order_id}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A card action that needs a reason (void, refund): the reason is required, the keyboard starts in
 * it, and the API's refusal is shown as it says it (the card is untouched then).
 */
function ReasonForm({
  label,
  action,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  action: string;
  pending: boolean;
  onSubmit(reason: string): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await onSubmit(reason.trim());
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
      <label htmlFor={`${id}-reason`} className="grid gap-1 text-sm">
        {label}
        <input
          id={`${id}-reason`}
          ref={field}
          className={inputClass}
          required
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
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
  const { void: voidCard } = useGiftCardMutations();
  return (
    <ReasonForm
      label="Reason for voiding"
      action="Void card"
      pending={voidCard.isPending}
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
  const { refund } = useGiftCardMutations();
  const amount = formatCents(card.balance, card.currency);
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
        onCancel={onCancel}
        onSubmit={async (reason) => {
          const refunded = await refund.mutateAsync({ id: card.id, reason });
          toast.success('Gift card refunded', {
            description: `${formatCents(refunded.refunded_amount ?? 0, card.currency)} goes back to ${card.purchaser_email}`,
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
      ? `${card.refund_id ? 'Refunded' : 'Refund sent, not yet confirmed by the payment provider:'} ${formatCents(card.refunded_amount, card.currency)} to the buyer on ${dateText(card.refunded_at)}${card.void_reason ? `: ${card.void_reason}` : ''}`
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

function CardRow({ card, canManage }: { card: AdminGiftCard; canManage: boolean }) {
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
          {formatCents(card.balance, card.currency)} of {formatCents(card.initial_amount, card.currency)}
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

interface Draft {
  amount: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  note: string;
}
const emptyDraft: Draft = { amount: '', recipient_name: '', recipient_email: '', message: '', note: '' };

function IssueForm() {
  const id = useId();
  const { issue } = useGiftCardMutations();
  const [draft, setDraft] = useState(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ code: string; card: AdminGiftCard } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseCents(draft.amount);
    if (amount === null || amount < 1) {
      setProblem('Enter the amount like 50.00');
      return;
    }
    setProblem(null);
    try {
      const { gift_card, code } = await issue.mutateAsync({
        amount,
        recipient_name: draft.recipient_name.trim(),
        recipient_email: draft.recipient_email.trim(),
        message: draft.message.trim() || undefined,
        note: draft.note.trim(),
      });
      setIssued({ code, card: gift_card });
      setDraft(emptyDraft);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  const field = (name: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <label htmlFor={`${id}-${name}`} className="grid gap-1 text-sm">
      {label}
      <input
        id={`${id}-${name}`}
        className={inputClass}
        value={draft[name]}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        {...props}
      />
    </label>
  );

  return (
    <>
      <form onSubmit={submit} className="grid gap-3 rounded-md border border-stone-300 bg-white p-4 sm:grid-cols-3">
        {field('amount', 'Amount ($)', { required: true, inputMode: 'decimal' })}
        {field('recipient_name', 'Recipient name', { required: true, maxLength: 100 })}
        {field('recipient_email', 'Recipient email', { required: true, type: 'email', maxLength: 254 })}
        {field('message', 'Message (optional)', { maxLength: 500 })}
        {field('note', 'Why it is issued (for staff)', { required: true, maxLength: 300 })}
        {problem && (
          <p role="alert" className="text-red-700 text-sm sm:col-span-3">
            {problem}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button primary type="submit" disabled={issue.isPending}>
            Issue gift card
          </Button>
        </div>
      </form>
      {issued && (
        <section aria-label="Issued gift card code" className="mt-3 rounded-md border border-green-700 bg-green-50 p-4">
          <p>
            Gift card of {formatCents(issued.card.initial_amount, issued.card.currency)} for{' '}
            {issued.card.recipient_name}. It is mailed to {issued.card.recipient_email}; this is the only time the code
            is shown:
          </p>
          <p className="mt-2 font-bold font-mono text-2xl tracking-wider">{grouped(issued.code)}</p>
        </section>
      )}
    </>
  );
}

/** The newest cards, or a search's; staff load more a page at a time. */
function CardList({ search, canManage }: { search: GiftCardSearch | null; canManage: boolean }) {
  const id = useId();
  const focusEnd = useRef(false);
  const { data, error, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useGiftCards(search);
  const cards = data?.pages.flat() ?? [];
  const title = search ? 'Gift cards found' : 'Recent gift cards';

  function loadMore() {
    // The button goes away at the end: the note that says so takes the keyboard's place.
    focusEnd.current = true;
    fetchNextPage();
  }

  return (
    <>
      <h2 id={`${id}-title`} className="mt-6 mb-2 font-semibold text-lg">
        {title}
      </h2>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isFetching && !isFetchingNextPage && <p role="status">Loading…</p>}
      {data && cards.length === 0 && <p>{search ? 'No gift cards found.' : 'No gift cards yet.'}</p>}
      {cards.length > 0 && (
        <ul aria-labelledby={`${id}-title`} className="space-y-2">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} canManage={canManage} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className="mt-3">
          <Button onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more gift cards'}
          </Button>
        </div>
      )}
      {data && data.pages.length > 1 && !hasNextPage && (
        <p
          ref={(note) => {
            if (note && focusEnd.current) note.focus();
            focusEnd.current = false;
          }}
          tabIndex={-1}
          className="mt-3 text-sm text-stone-700"
        >
          That is every gift card{search ? ' found' : ''}.
        </p>
      )}
    </>
  );
}

/**
 * Gift cards: the summary and the most recent cards on arrival; staff search and read ledgers,
 * managers and owners also issue, void and refund purchases.
 */
export function GiftCardsPage() {
  const { can } = useAdmin();
  const canManage = can('giftCardsManage');
  const [search, setSearch] = useState<GiftCardSearch | null>(null);

  return (
    <section>
      <PageTitle>Gift cards</PageTitle>
      <Summary />
      {canManage && (
        <>
          <h2 className="mb-2 font-semibold text-lg">Issue a gift card</h2>
          <IssueForm />
        </>
      )}
      <h2 className="mt-6 mb-2 font-semibold text-lg">Find a gift card</h2>
      <SearchForm searching={search !== null} onSearch={setSearch} />
      <CardList search={search} canManage={canManage} />
    </section>
  );
}
