import { type AdminCustomerPoints, type AdminLoyaltyEntry, adminLoyaltyQuerySchema } from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { useZodForm } from '@/lib/forms';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatMoney } from '@/lib/money';
import { useAdjustPoints } from '../api/adjust-points';
import { useCustomerPoints } from '../api/find-customer-points';
import { problemOf } from '../lib/form';
import { adjustPointsFormSchema, emptyAdjustDraft } from '../lib/points-form';
import { useAdmin } from './admin-context';
import { Button, inputClass, messageOf, Notice, PageTitle } from './ui';

const kindText: Record<AdminLoyaltyEntry['kind'], string> = {
  earn: 'Earned',
  redeem: 'Redeemed',
  release: 'Returned',
  reverse: 'Reversed (refund)',
  expire: 'Expired',
  adjust: 'Adjusted',
};

const count = (n: number) => n.toLocaleString(runtimeConfig.tenant.locale);
const points = (n: number) => `${count(n)} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
const signed = (n: number) => (n > 0 ? `+${count(n)}` : `−${count(-n)}`);

function useDate() {
  const { restaurant } = useAdmin();
  return (iso: string) =>
    new Intl.DateTimeFormat(runtimeConfig.tenant.locale, { dateStyle: 'medium', timeZone: restaurant.timezone }).format(
      new Date(iso),
    );
}

function SearchForm({ onSearch }: { onSearch(email: string): void }) {
  const id = useId();
  const { register, handleSubmit, formState } = useZodForm(adminLoyaltyQuerySchema, { defaultValues: { email: '' } });
  const problem = formState.errors.email?.message;
  return (
    <form
      aria-label="Find a customer"
      className="flex flex-wrap items-end gap-3 rounded-md border border-stone-300 bg-white p-4"
      onSubmit={handleSubmit(({ email }) => onSearch(email))}
    >
      <label htmlFor={`${id}-email`} className="grid gap-1 text-sm">
        Customer email
        <input
          id={`${id}-email`}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          className={inputClass}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        {problem && (
          <span id={`${id}-email-error`} className="text-red-800">
            {problem}
          </span>
        )}
      </label>
      <Button primary type="submit">
        Find
      </Button>
    </form>
  );
}

function AdjustForm({ customer }: { customer: AdminCustomerPoints }) {
  const id = useId();
  const adjust = useAdjustPoints();
  const { register, handleSubmit, reset, setFocus, watch, formState } = useZodForm(adjustPointsFormSchema, {
    defaultValues: emptyAdjustDraft,
  });
  // The API's refusal: kept apart from the form's errors, which the next try clears.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per intended change: a retry of the same change reuses it, so it never counts twice.
  const attempt = useRef<{ change: string; key: string } | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const problem = refusal ?? problemOf(formState.errors);

  function fail(message: string | null, focusAmount = false) {
    setDone(null);
    setRefusal(message);
    // After the message is in the page, so screen readers read it where focus lands.
    requestAnimationFrame(() => (focusAmount ? setFocus('amount') : problemRef.current?.focus()));
  }

  const submit = handleSubmit(
    async (body) => {
      const change = JSON.stringify([customer.user_id, body]);
      if (attempt.current?.change !== change) attempt.current = { change, key: newIdempotencyKey() };
      try {
        const { entry, customer: now } = await adjust.mutateAsync({
          userId: customer.user_id,
          body,
          idempotencyKey: attempt.current.key,
        });
        attempt.current = null;
        setRefusal(null);
        reset({ ...emptyAdjustDraft, direction: body.points > 0 ? 'add' : 'deduct' });
        const what = entry.points > 0 ? `Added ${points(entry.points)}` : `Deducted ${points(-entry.points)}`;
        setDone(
          `${what} for ${now.name}. New balance: ${points(now.balance)} (worth ${formatMoney(now.value, now.currency)}).`,
        );
        requestAnimationFrame(() => doneRef.current?.focus());
      } catch (error) {
        fail(messageOf(error));
      }
    },
    (errors) => fail(null, errors.amount !== undefined),
  );

  return (
    <form
      aria-label={`Adjust points of ${customer.name}`}
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-md border border-stone-300 bg-stone-50 p-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
    >
      <fieldset className="min-w-0 grid gap-1 text-sm">
        <legend className="mb-1">Adjust points</legend>
        <div className="flex gap-3">
          {(['add', 'deduct'] as const).map((value) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" value={value} {...register('direction')} />
              {value === 'add' ? 'Add' : 'Deduct'}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-points`} className="grid gap-1 text-sm">
        Points
        <input
          id={`${id}-points`}
          className={`${inputClass} w-28`}
          inputMode="numeric"
          required
          {...register('amount')}
        />
      </label>
      <label htmlFor={`${id}-reason`} className="grid gap-1 text-sm">
        Reason (the customer sees it)
        <input id={`${id}-reason`} className={inputClass} required maxLength={300} {...register('reason')} />
      </label>
      <Button primary type="submit" disabled={adjust.isPending}>
        {watch('direction') === 'add' ? 'Add points' : 'Deduct points'}
      </Button>
      {problem && (
        <p ref={problemRef} tabIndex={-1} role="alert" className="text-red-700 text-sm sm:col-span-4">
          {problem}
        </p>
      )}
      {done && (
        <p ref={doneRef} tabIndex={-1} role="status" className="font-semibold text-green-800 text-sm sm:col-span-4">
          {done}
        </p>
      )}
    </form>
  );
}

function History({ customer }: { customer: AdminCustomerPoints }) {
  const date = useDate();
  if (customer.history.length === 0) return <p className="mt-3 text-sm text-stone-700">No points history yet.</p>;
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="text-left font-semibold">Points history of {customer.name}</caption>
      <thead>
        <tr className="border-stone-300 border-b">
          <th scope="col" className="py-1">
            Date
          </th>
          <th scope="col">What</th>
          <th scope="col" className="text-right">
            Points
          </th>
          <th scope="col" className="text-right">
            Balance
          </th>
          <th scope="col" className="pl-3">
            By
          </th>
        </tr>
      </thead>
      <tbody>
        {customer.history.map((entry) => (
          <tr key={entry.id} className="border-stone-200 border-b">
            <td className="py-1">{date(entry.created_at)}</td>
            <td>
              {kindText[entry.kind]}
              {entry.order_number && ` (order ${entry.order_number})`}
              {entry.note && `: ${entry.note}`}
            </td>
            <td className="text-right">{signed(entry.points)}</td>
            <td className="text-right">{count(entry.balance_after)}</td>
            <td className="pl-3">{entry.adjusted_by ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CustomerCard({ customer, canAdjust }: { customer: AdminCustomerPoints; canAdjust: boolean }) {
  const date = useDate();
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-md border border-stone-300 bg-white p-4">
        <h2 id={headingId} className="font-semibold text-lg">
          {customer.name} <span className="font-normal text-sm text-stone-700">{customer.email}</span>
        </h2>
        <p className="mt-1">
          <span className="font-bold text-2xl">{points(customer.balance)}</span>{' '}
          <span>worth {formatMoney(customer.value, customer.currency)}</span>
        </p>
        <p className="text-sm text-stone-700">
          {customer.expires_at ? `Expire on ${date(customer.expires_at)} without earning or redeeming` : 'No expiry'}
        </p>
        {canAdjust && <AdjustForm customer={customer} />}
        <History customer={customer} />
      </article>
    </li>
  );
}

/** Customer points: staff look a customer up by email; managers and owners also adjust the points. */
export function CustomerPointsPage() {
  const { can } = useAdmin();
  const [email, setEmail] = useState<string | null>(null);
  const { data, error, isFetching } = useCustomerPoints(email);

  return (
    <section>
      <PageTitle>Customer points</PageTitle>
      <SearchForm onSearch={setEmail} />
      <div className="mt-3">
        {error && <Notice tone="error">{messageOf(error)}</Notice>}
        {isFetching && <p role="status">Loading…</p>}
        {!isFetching && data && (
          <p role="status" className="text-sm">
            {data.length === 0 ? 'No customer has that email.' : `Points of ${email}`}
          </p>
        )}
      </div>
      {data && data.length > 0 && (
        <ul aria-label="Customers found" className="mt-3 space-y-3">
          {data.map((customer) => (
            <CustomerCard key={customer.user_id} customer={customer} canAdjust={can('loyaltyAdjust')} />
          ))}
        </ul>
      )}
    </section>
  );
}
