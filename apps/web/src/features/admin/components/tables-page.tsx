import { diningTableBodySchema } from '@orderfront/core';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddTable, useRemoveTable, useTables } from '../api/setup';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle } from './ui';

/** The full address a table's QR code opens: this storefront's dine-in menu with the table. */
const absolute = (path: string) => new URL(path, window.location.origin).toString();

function AddTable() {
  const { restaurant } = useAdmin();
  const add = useAddTable(restaurant.id);
  const id = useId();
  const { register, handleSubmit, reset, getValues, setError, formState } = useZodForm(diningTableBodySchema, {
    defaultValues: { name: '' },
  });
  const problem = formState.errors.name?.message ?? formState.errors.root?.server?.message;
  const submit = handleSubmit((body) =>
    add.mutate(body.name, {
      onSuccess: (table) => {
        // A name typed while this one was being added is the next one: keep it.
        if (getValues('name') === body.name) reset();
        toast.success('Table added', { description: `Table ${table.name}` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) showServerErrors(setError, error.fields);
        else setError('root.server', { message: error.message });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a table" className="mb-6 flex flex-wrap items-end gap-3">
      <label htmlFor={`${id}-name`} className="grid gap-1 text-sm">
        Table name
        <input
          id={`${id}-name`}
          className={inputClass}
          placeholder="T1"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          {...register('name')}
        />
      </label>
      <Button primary type="submit" disabled={add.isPending}>
        Add table
      </Button>
      {problem && (
        <p id={`${id}-error`} role="alert" className="w-full text-red-700 text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Dine-in tables of the chosen restaurant (manager+); each gets a QR code on the printable sheet. */
export function TablesPage() {
  const { restaurant } = useAdmin();
  const { data, error, isPending } = useTables(restaurant.id);
  const remove = useRemoveTable(restaurant.id);
  return (
    <section>
      <PageTitle
        actions={
          data && data.length > 0 ? (
            <Link className="underline" to="/admin/tables/qr-codes">
              Print QR codes
            </Link>
          ) : undefined
        }
      >
        Tables · {restaurant.name}
      </PageTitle>
      <p className="mb-4 text-sm text-stone-700">
        Names may use letters, digits and dashes. Diners scan a table's QR code to order to it.
      </p>
      <AddTable />
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && <Notice>No tables yet: add one to print its QR code.</Notice>}
      {data && data.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {data.map((table) => (
            <li
              key={table.id}
              className="flex flex-wrap items-center gap-3 rounded-md border border-stone-300 bg-white p-2"
            >
              <span className="font-semibold">{table.name}</span>
              <a className="break-all text-stone-700 underline" href={table.menu_url}>
                {absolute(table.menu_url)}
              </a>
              <Button onClick={() => remove.mutate(table.id)} disabled={remove.isPending}>
                Remove<span className="sr-only"> table {table.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TableCode({ name, url, restaurantName }: { name: string; url: string; restaurantName: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((text) => live && setSvg(text))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <figure className="grid break-inside-avoid justify-items-center gap-2 rounded-md border border-stone-400 p-4 text-center">
      {svg ? (
        <div
          role="img"
          aria-label={`QR code for table ${name}`}
          className="size-44"
          // The SVG is drawn by the qrcode library from our own URL, never from user markup.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG of a QR code
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <div className="size-44" />
      )}
      <figcaption>
        <span className="block font-bold text-2xl">Table {name}</span>
        <span className="block text-sm">Scan to order at {restaurantName}</span>
      </figcaption>
    </figure>
  );
}

/** A printable sheet: one QR code per table, each opening the dine-in menu with that table. */
export function TableQrSheet() {
  const { restaurant } = useAdmin();
  const { data, error, isPending } = useTables(restaurant.id);
  return (
    <section>
      <PageTitle
        actions={
          <div className="flex gap-3 print:hidden">
            <Link className="underline" to="/admin/tables">
              Back to tables
            </Link>
            <Button primary onClick={() => window.print()}>
              Print
            </Button>
          </div>
        }
      >
        QR codes · {restaurant.name}
      </PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && data.length === 0 && <Notice>No tables yet: add tables first.</Notice>}
      {data && data.length > 0 && (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-4">
          {data.map((table) => (
            <TableCode
              key={table.id}
              name={table.name}
              url={absolute(table.menu_url)}
              restaurantName={restaurant.name}
            />
          ))}
        </div>
      )}
    </section>
  );
}
