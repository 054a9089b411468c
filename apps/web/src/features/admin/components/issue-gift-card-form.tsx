import { type AdminGiftCard, formatGiftCardCode } from '@orderfront/core';
import { useId, useState } from 'react';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { useIssueGiftCard } from '../api/issue-gift-card';
import { problemOf } from '../lib/form';
import { emptyIssueDraft, type IssueDraft, issueGiftCardFormSchema } from '../lib/gift-card-forms';
import { Button, LabelledInput, messageOf } from './ui';

/** Manager+: a card without payment (goodwill, vouchers); its code is shown this once. */
export function IssueGiftCardForm() {
  const id = useId();
  const issue = useIssueGiftCard();
  const [issued, setIssued] = useState<{ code: string; card: AdminGiftCard } | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useZodForm(issueGiftCardFormSchema, {
    defaultValues: emptyIssueDraft,
  });
  const problem = problemOf(formState.errors);

  const submit = handleSubmit(async (body) => {
    try {
      const { gift_card, code } = await issue.mutateAsync(body);
      setIssued({ code, card: gift_card });
      reset(emptyIssueDraft);
    } catch (error) {
      setError('root.server', { message: messageOf(error) });
    }
  });

  const field = (name: keyof IssueDraft, label: string, props: Record<string, unknown> = {}) => (
    <LabelledInput id={`${id}-${name}`} label={label} {...register(name)} {...props} />
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
            Gift card of {formatMoney(issued.card.initial_amount, issued.card.currency)} for{' '}
            {issued.card.recipient_name}. It is mailed to {issued.card.recipient_email}; this is the only time the code
            is shown:
          </p>
          {/* Core's groups of four, spaced: easier to read out or copy by hand. */}
          <p className="mt-2 font-bold font-mono text-2xl tracking-wider">{formatGiftCardCode(issued.code, ' ')}</p>
        </section>
      )}
    </>
  );
}
