import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { type GiftCardSearch, useGiftCards } from '../api/find-gift-cards';
import { useAdmin } from './admin-context';
import { GiftCardRow } from './gift-card-row';
import { GiftCardSummary } from './gift-card-summary';
import { IssueGiftCardForm } from './issue-gift-card-form';
import { Button, inputClass, Notice, PageTitle } from './ui';

// The search as typed → the query's one field; an empty search is no search (the most recent cards).
const searchFormSchema = z
  .object({ by: z.enum(['code', 'last4', 'email']), text: z.string().trim() })
  .transform(({ by, text }): GiftCardSearch | null => (text ? { [by]: text } : null));

function SearchForm({ searching, onSearch }: { searching: boolean; onSearch(search: GiftCardSearch | null): void }) {
  const id = useId();
  const { register, handleSubmit, setValue } = useZodForm(searchFormSchema, {
    defaultValues: { by: 'code', text: '' },
  });
  return (
    <form
      aria-label="Find gift cards"
      className="flex flex-wrap items-end gap-3 rounded-md border border-stone-300 bg-white p-4"
      onSubmit={handleSubmit(onSearch)}
    >
      <label htmlFor={`${id}-by`} className="grid gap-1 text-sm">
        Search by
        <select id={`${id}-by`} className={inputClass} {...register('by')}>
          <option value="code">Code</option>
          <option value="last4">Last 4 characters</option>
          <option value="email">Email</option>
        </select>
      </label>
      <label htmlFor={`${id}-text`} className="grid gap-1 text-sm">
        Search for
        <input id={`${id}-text`} className={inputClass} {...register('text')} />
      </label>
      <Button primary type="submit">
        Search
      </Button>
      {searching && (
        <Button
          onClick={() => {
            setValue('text', '');
            onSearch(null);
          }}
        >
          Show recent
        </Button>
      )}
    </form>
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
            <GiftCardRow key={card.id} card={card} canManage={canManage} />
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
      <GiftCardSummary />
      {canManage && (
        <>
          <h2 className="mb-2 font-semibold text-lg">Issue a gift card</h2>
          <IssueGiftCardForm />
        </>
      )}
      <h2 className="mt-6 mb-2 font-semibold text-lg">Find a gift card</h2>
      <SearchForm searching={search !== null} onSearch={setSearch} />
      <CardList search={search} canManage={canManage} />
    </section>
  );
}
