import { type AdminRestaurantDetail, restaurantClosureBodySchema } from '@orderfront/core';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Link } from '@/components/ui/link';
import { runtimeConfig } from '@/config/runtime';
import { useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import {
  useAddClosure,
  useAdminRestaurants,
  useClosures,
  useCreateRestaurant,
  useDeleteRestaurant,
  useRemoveClosure,
  useSetRestaurantStatus,
  useUpdateRestaurant,
  useUploadRestaurantImage,
} from '../api/setup';
import { problemOf } from '../lib/form';
import { emptyRestaurantDraft, restaurantDraftOf } from '../lib/restaurant-form';
import { useAdminRestaurantStore } from '../stores/admin-restaurant-store';
import { useAdmin } from './admin-context';
import { RestaurantForm } from './restaurant-form';
import { SpecialHours } from './special-hours';
import { Button, inputClass, messageOf, Notice, PageTitle } from './ui';
import { UploadThumbnail } from './upload-thumbnail';

const methodLabels = { pickup: 'Pickup', delivery: 'Delivery', dine_in: 'Dine-in' } as const;

const closureFormSchema = z
  .object({ date: z.string(), method: z.enum(['all', 'pickup', 'delivery', 'dine_in']), reason: z.string() })
  .transform(({ method, ...d }) => ({ ...d, method: method === 'all' ? null : method }))
  .pipe(restaurantClosureBodySchema);

/** Days closed outside the weekly hours: the storefront offers no times on them. */
function Closures({ restaurant }: { restaurant: AdminRestaurantDetail }) {
  const { data, error } = useClosures(restaurant.id);
  const add = useAddClosure(restaurant.id);
  const remove = useRemoveClosure(restaurant.id);
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useZodForm(closureFormSchema, {
    defaultValues: { date: '', method: 'all' as const, reason: '' },
  });
  const problem = problemOf(formState.errors);
  const submit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        reset();
        toast.success('Closure added', { description: `${restaurant.name} takes no orders for ${body.date}.` });
      },
      onError: (e) => setError('root.server', { message: messageOf(e) }),
    }),
  );
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-stone-300 bg-white p-4">
      <h3 id={`${id}-title`} className="mb-2 font-semibold text-lg">
        Closures and public holidays
      </h3>
      {error && <Notice tone="error">{error.message}</Notice>}
      {data && data.length === 0 && (
        <p className="mb-3 text-sm text-stone-700">No closures: the weekly hours apply every day.</p>
      )}
      {data && data.length > 0 && (
        <ul className="mb-3 grid gap-1 text-sm">
          {data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3">
              <span>
                {c.date} · {c.method ? methodLabels[c.method] : 'Every method'}
                {c.reason ? ` · ${c.reason}` : ''}
              </span>
              <Button onClick={() => remove.mutate(c.id)} disabled={remove.isPending}>
                Remove<span className="sr-only"> closure on {c.date}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate aria-label="Add a closure" className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-date`} className="grid gap-1 text-sm">
          Closed on
          <input id={`${id}-date`} type="date" className={inputClass} {...register('date')} />
        </label>
        <label htmlFor={`${id}-method`} className="grid gap-1 text-sm">
          For
          <select id={`${id}-method`} className={inputClass} {...register('method')}>
            <option value="all">Every method</option>
            <option value="pickup">Pickup</option>
            <option value="delivery">Delivery</option>
            <option value="dine_in">Dine-in</option>
          </select>
        </label>
        <label htmlFor={`${id}-reason`} className="grid gap-1 text-sm">
          Reason (optional)
          <input id={`${id}-reason`} className={inputClass} placeholder="Christmas Day" {...register('reason')} />
        </label>
        <Button primary type="submit" disabled={add.isPending}>
          Add closure
        </Button>
        {problem && (
          <p role="alert" className="w-full text-red-700 text-sm">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}

function ImageUpload({ restaurant }: { restaurant: AdminRestaurantDetail }) {
  const upload = useUploadRestaurantImage(restaurant.id);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {restaurant.image_path ? (
        <UploadThumbnail
          src={restaurant.image_path}
          width={96}
          height={64}
          className="h-16 w-24 rounded-md object-cover"
        />
      ) : (
        <span className="text-stone-700">No image yet.</span>
      )}
      <label htmlFor={id} className="grid gap-1">
        Restaurant image (JPEG, PNG or WebP, at most 2 MB)
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="block min-h-10 w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:font-medium"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSuccess: () => toast.success('Image saved'),
              onError: (error) => toast.error('Image not saved', { description: error.message }),
            });
          }}
        />
      </label>
    </div>
  );
}

/** The restaurant chosen in the switcher: its details, image, closures and special hours. */
function RestaurantSetup({ restaurant }: { restaurant: AdminRestaurantDetail }) {
  const update = useUpdateRestaurant(restaurant.id);
  return (
    <section aria-labelledby="restaurant-setup" className="grid gap-4">
      <h2 id="restaurant-setup" className="font-bold text-xl">
        {restaurant.name}
      </h2>
      <ImageUpload restaurant={restaurant} />
      <RestaurantForm
        key={restaurant.id}
        label={`${restaurant.name} details`}
        draft={restaurantDraftOf(restaurant)}
        submitText="Save restaurant"
        pending={update.isPending}
        onSave={async (body) => {
          await update.mutateAsync(body);
          toast.success('Restaurant saved');
        }}
      />
      <p className="text-sm">
        Weekly opening hours per method are on the{' '}
        <Link className="underline" to="/admin/hours">
          Hours
        </Link>{' '}
        page; delivery areas on{' '}
        <Link className="underline" to="/admin/delivery-zones">
          Delivery zones
        </Link>
        ; dine-in tables and their QR codes on{' '}
        <Link className="underline" to="/admin/tables">
          Tables
        </Link>
        .
      </p>
      <Closures restaurant={restaurant} />
      <SpecialHours restaurant={restaurant} />
    </section>
  );
}

function RestaurantRow({ r, owner, current }: { r: AdminRestaurantDetail; owner: boolean; current: boolean }) {
  const choose = useAdminRestaurantStore((s) => s.choose);
  const setStatus = useSetRestaurantStatus();
  const remove = useDeleteRestaurant();
  const [confirming, setConfirming] = useState(false);
  const fail = (title: string) => (error: Error) => toast.error(title, { description: error.message });
  return (
    <tr className="border-stone-200 border-t align-top">
      <th scope="row" className="p-2 text-left">
        {r.name}
        {current && <span className="ml-2 font-normal text-stone-600 text-xs">(chosen)</span>}
      </th>
      <td className="p-2">
        {r.street_name}, {r.suburb} {r.postcode}
      </td>
      <td className="p-2">{r.status === 1 ? 'Open' : 'Closed for good'}</td>
      <td className="flex flex-wrap gap-2 p-2">
        {!current && (
          <Button onClick={() => choose(r.id)}>
            Set up<span className="sr-only"> {r.name}</span>
          </Button>
        )}
        {owner && (
          <Button
            onClick={() =>
              setStatus.mutate({ id: r.id, status: r.status === 1 ? 0 : 1 }, { onError: fail('Not changed') })
            }
            disabled={setStatus.isPending}
          >
            {r.status === 1 ? 'Close for good' : 'Reopen'}
            <span className="sr-only">: {r.name}</span>
          </Button>
        )}
        {owner &&
          (confirming ? (
            <Button
              onClick={() =>
                remove.mutate(r.id, { onError: fail('Not deleted'), onSettled: () => setConfirming(false) })
              }
              disabled={remove.isPending}
            >
              Really delete?<span className="sr-only"> {r.name}</span>
            </Button>
          ) : (
            <Button onClick={() => setConfirming(true)}>
              Delete<span className="sr-only"> {r.name}</span>
            </Button>
          ))}
      </td>
    </tr>
  );
}

/** The first restaurant of a new business, before the back office has one to switch to. */
export function FirstRestaurant() {
  return <NewRestaurant onDone={() => undefined} />;
}

function NewRestaurant({ onDone }: { onDone(): void }) {
  const create = useCreateRestaurant();
  const choose = useAdminRestaurantStore((s) => s.choose);
  return (
    <section aria-labelledby="new-restaurant" className="mb-6 grid gap-3">
      <h2 id="new-restaurant" className="font-bold text-xl">
        New restaurant
      </h2>
      <RestaurantForm
        label="New restaurant"
        draft={emptyRestaurantDraft(runtimeConfig.tenant.timezone)}
        submitText="Create restaurant"
        pending={create.isPending}
        onSave={async (body) => {
          const created = await create.mutateAsync(body);
          choose(created.id);
          toast.success('Restaurant created', { description: `Now give ${created.name} its opening hours.` });
          onDone();
        }}
      />
    </section>
  );
}

/** Restaurants (owner; managers their own): list, create, open or close for good, and set up. */
export function RestaurantsPage() {
  const { restaurant, can } = useAdmin();
  const owner = can('business');
  const { data, error, isPending } = useAdminRestaurants();
  const [adding, setAdding] = useState(false);
  const current = data?.find((r) => r.id === restaurant.id);
  return (
    <section>
      <PageTitle
        actions={
          owner && !adding ? (
            <Button primary onClick={() => setAdding(true)}>
              New restaurant
            </Button>
          ) : undefined
        }
      >
        Restaurants
      </PageTitle>
      {adding && <NewRestaurant onDone={() => setAdding(false)} />}
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && <Notice>No restaurants yet: create the first one.</Notice>}
      {data && data.length > 0 && (
        <div className="mb-6 overflow-x-auto rounded-md border border-stone-300 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Restaurants</caption>
            <thead>
              <tr className="text-left">
                <th className="p-2">Name</th>
                <th className="p-2">Address</th>
                <th className="p-2">Status</th>
                <th className="p-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <RestaurantRow key={r.id} r={r} owner={owner} current={r.id === restaurant.id} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {current && <RestaurantSetup restaurant={current} />}
    </section>
  );
}
