import type { AdminProduct } from '@orderfront/core';
import { useId, useMemo, useState } from 'react';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useEditProduct } from '../api/edit-product';
import { useAdminMenu } from '../api/get-admin-menu';
import { useSetAvailability } from '../api/set-availability';
import { useUploadProductImage } from '../api/upload-product-image';
import { problemOf } from '../lib/form';
import { productDraftOf, productFormSchema } from '../lib/product-form';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle, untilText } from './ui';
import { UploadThumbnail } from './upload-thumbnail';

type Availability = { is_available: boolean; available_again_at: string | null };

function StatusBadge({ item, timezone }: { item: Availability; timezone: string }) {
  if (item.is_available) {
    return <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">On sale</span>;
  }
  return (
    <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900 text-xs">
      {item.available_again_at
        ? `Out of stock until ${untilText(item.available_again_at, timezone)}`
        : 'Out of stock until turned back'}
    </span>
  );
}

function AvailabilityButtons({
  name,
  item,
  onChange,
  busy,
}: {
  name: string;
  item: Availability;
  onChange(body: { available: boolean; until?: 'today' | 'turned_back' }): void;
  busy: boolean;
}) {
  if (!item.is_available) {
    return (
      <Button disabled={busy} onClick={() => onChange({ available: true })} aria-label={`Back on sale: ${name}`}>
        Back on sale
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        disabled={busy}
        onClick={() => onChange({ available: false, until: 'today' })}
        aria-label={`Out today: ${name}`}
      >
        Out today
      </Button>
      <Button
        disabled={busy}
        onClick={() => onChange({ available: false, until: 'turned_back' })}
        aria-label={`Out until back: ${name}`}
      >
        Out until back
      </Button>
    </div>
  );
}

function EditProductForm({ product, onDone }: { product: AdminProduct; onDone(): void }) {
  const { restaurant } = useAdmin();
  const edit = useEditProduct(restaurant.id);
  const upload = useUploadProductImage(restaurant.id);
  const id = useId();
  const { register, handleSubmit, setError, formState } = useZodForm(productFormSchema(restaurant.id), {
    defaultValues: productDraftOf(product),
  });
  const problem = problemOf(formState.errors);
  const refuse = (error: Error) => setError('root.server', { message: error.message });

  const onSubmit = handleSubmit((body) =>
    edit.mutate(
      { id: product.id, body },
      {
        onSuccess: () => {
          toast.success('Saved', { description: `${product.name} is updated on the menu.` });
          onDone();
        },
        onError: refuse,
      },
    ),
  );

  function onFile(file: File | undefined) {
    if (!file) return;
    upload.mutate(
      { id: product.id, file },
      {
        onSuccess: () => toast.success('Image uploaded', { description: `${product.name} has a new picture.` }),
        onError: refuse,
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="mt-3 grid gap-3 rounded-md border border-stone-300 bg-stone-50 p-3 sm:grid-cols-2"
    >
      <label className="grid gap-1 text-sm" htmlFor={`${id}-price`}>
        In-store price ($)
        <input id={`${id}-price`} className={inputClass} inputMode="decimal" {...register('price')} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-online`}>
        Online price ($)
        <input id={`${id}-online`} className={inputClass} inputMode="decimal" {...register('online_price')} />
      </label>
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={`${id}-description`}>
        Description
        <textarea
          id={`${id}-description`}
          className={inputClass}
          rows={3}
          maxLength={1000}
          {...register('description')}
        />
      </label>
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={`${id}-image`}>
        Picture (JPEG, PNG or WebP, at most 2 MB)
        <input
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="block min-h-10 w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:font-medium"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </label>
      {problem && (
        <p role="alert" className="text-red-700 text-sm sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button primary type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function ProductRow({ product, timezone }: { product: AdminProduct; timezone: string }) {
  const { restaurant, can } = useAdmin();
  const availability = useSetAvailability(restaurant.id);
  const [editing, setEditing] = useState(false);
  const change =
    (kind: 'product' | 'modifier', id: number) => (body: { available: boolean; until?: 'today' | 'turned_back' }) =>
      availability.mutate(
        { target: { kind, id }, body },
        {
          // The row's badge says the new state at once; only a failure needs a toast.
          onError: (error) => toast.error('Not changed', { description: error.message }),
        },
      );

  return (
    <li className="rounded-md border border-stone-300 bg-white p-3">
      <div className="flex flex-wrap items-center gap-3">
        <UploadThumbnail src={product.image_url} width={48} height={48} className="size-12 rounded object-cover" />
        <div className="min-w-40 flex-1">
          <p className="font-semibold">{product.name}</p>
          <p className="text-sm text-stone-700">
            {formatMoney(product.online_price)} online · {formatMoney(product.price)} in store
          </p>
        </div>
        <StatusBadge item={product} timezone={timezone} />
        <AvailabilityButtons
          name={product.name}
          item={product}
          busy={availability.isPending}
          onChange={change('product', product.id)}
        />
        {can('menu') && !editing && (
          <Button onClick={() => setEditing(true)} aria-label={`Edit ${product.name}`}>
            Edit
          </Button>
        )}
      </div>
      {editing && <EditProductForm product={product} onDone={() => setEditing(false)} />}
      {product.modifiers.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-stone-800">Options ({product.modifiers.length})</summary>
          <ul className="mt-2 space-y-2">
            {product.modifiers.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 border-stone-200 border-t pt-2 text-sm">
                <span className="min-w-40 flex-1">
                  {m.group_name}: {m.name}
                </span>
                <StatusBadge item={m} timezone={timezone} />
                <AvailabilityButtons
                  name={`${m.name} (${product.name})`}
                  item={m}
                  busy={availability.isPending}
                  onChange={change('modifier', m.id)}
                />
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** Menu availability ('86'), and for managers prices, descriptions and pictures. */
export function AvailabilityPage() {
  const { restaurant, can } = useAdmin();
  const { data, error, isPending } = useAdminMenu(restaurant.id);
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const term = search.trim().toLowerCase();
    const map = new Map<string, AdminProduct[]>();
    for (const p of data?.products ?? []) {
      if (term && !p.name.toLowerCase().includes(term)) continue;
      map.set(p.category_name, [...(map.get(p.category_name) ?? []), p]);
    }
    return [...map];
  }, [data, search]);
  const searchId = useId();

  return (
    <section aria-labelledby={`${searchId}-title`}>
      <PageTitle>
        <span id={`${searchId}-title`}>{can('menu') ? 'Menu and availability' : 'Availability'}</span>
      </PageTitle>
      <div className="mb-4 flex items-center gap-2">
        <label htmlFor={searchId} className="text-sm">
          Find an item
        </label>
        <input
          id={searchId}
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && (
        <div className="space-y-6">
          {groups.map(([category, products]) => (
            <section key={category} aria-label={category}>
              <h2 className="mb-2 font-semibold text-lg">{category}</h2>
              <ul className="space-y-2">
                {products.map((p) => (
                  <ProductRow key={p.id} product={p} timezone={data.timezone} />
                ))}
              </ul>
            </section>
          ))}
          {groups.length === 0 && <p>No items match.</p>}
        </div>
      )}
    </section>
  );
}
