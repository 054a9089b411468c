import {
  type CatalogueDocument,
  type DocCategory,
  type DocModifierGroup,
  type DocProduct,
  menuLabelNames,
  menuLabels,
  productImageTypes,
  salesChannels,
  taxClasses,
  taxClassNames,
} from '@orderfront/core';
import { type ReactNode, useId, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useFieldArray,
} from 'react-hook-form';
import { useZodForm } from '@/lib/forms';
import { uploadCatalogueImage } from '../api/catalogue-editor';
import {
  categoryFormOf,
  categoryFormSchema,
  freshKey,
  groupFormOf,
  groupFormSchema,
  type ProductForm,
  productFormOf,
  productFormSchema,
  weekdayNames,
} from '../lib/catalogue-forms';
import { problemOf } from '../lib/form';
import { Button, Field, inputClass, invalid, Notice, primaryButtonClass } from './ui';
import { UploadThumbnail } from './upload-thumbnail';

export { Field };

const channelNames = { online: 'Online', in_store: 'In store', dine_in: 'Dine-in' } as const;

/** The message the schema left at `path` (a.b.0.c), if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A labelled text input bound to the form, described by its schema message. */
export function TextField({
  id,
  label,
  error,
  inputMode,
  field,
}: {
  id: string;
  label: string;
  error: string | undefined;
  inputMode?: 'decimal' | 'numeric';
  field: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} inputMode={inputMode} className={inputClass} {...field} {...invalid(id, error)} />
    </Field>
  );
}

export function Panel({
  title,
  onSubmit,
  onCancel,
  problem,
  children,
}: {
  title: string;
  onSubmit: () => void;
  onCancel: () => void;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      className="grid gap-3 rounded-md border-2 border-stone-900 bg-white p-4"
    >
      <h2 className="font-semibold text-lg">{title}</h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      {children}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass}>
          Save to draft
        </button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

export function CategoryFormPanel({
  category,
  doc,
  onSave,
  onCancel,
}: {
  category: DocCategory | null;
  doc: CatalogueDocument;
  onSave: (c: DocCategory) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useZodForm(categoryFormSchema, {
    defaultValues: categoryFormOf(category, ''),
  });
  const { register, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const [from, setFrom] = useState('06:00');
  const [to, setTo] = useState('11:00');
  const others = doc.categories.filter((c) => c !== category);
  const submit = form.handleSubmit((c) => {
    if (others.some((o) => o.name.toLowerCase() === c.name.toLowerCase())) {
      form.setError('name', { message: 'Another category has this name' });
      return;
    }
    onSave(c);
  });
  return (
    <Panel
      title={category ? `Edit category ${category.name}` : 'New category'}
      onSubmit={(e?: unknown) => {
        if (!category && !getValues('slug')) {
          setValue(
            'slug',
            freshKey(
              getValues('name'),
              others.map((o) => o.slug),
            ),
          );
        }
        return submit(e as never);
      }}
      onCancel={onCancel}
      problem={problemOf(errors)}
    >
      <Field id={`${id}-name`} label="Name" error={errorAt(errors, 'name')}>
        <input
          id={`${id}-name`}
          className={inputClass}
          {...register('name')}
          {...invalid(`${id}-name`, errorAt(errors, 'name'))}
        />
      </Field>
      <Field id={`${id}-description`} label="Description" error={errorAt(errors, 'description')}>
        <textarea id={`${id}-description`} className={inputClass} rows={2} {...register('description')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('archived')} /> Archived (hidden from the menu)
      </label>
      <fieldset className="min-w-0 grid gap-2">
        <legend className="font-semibold text-sm">When it is served (restaurant time)</legend>
        <p className="text-sm text-stone-700">
          Leave every day unticked to serve it all day. Outside these hours customers see it marked and cannot order it.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <Field id={`${id}-all-from`} label="Every day from">
            <input
              id={`${id}-all-from`}
              type="time"
              className={inputClass}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field>
          <Field id={`${id}-all-to`} label="Every day until">
            <input
              id={`${id}-all-to`}
              type="time"
              className={inputClass}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </Field>
          <Button
            onClick={() =>
              setValue(
                'days',
                weekdayNames.map(() => ({ on: true, from, to })),
              )
            }
          >
            Apply to every day
          </Button>
        </div>
        <table className="text-sm">
          <thead>
            <tr className="text-left">
              <th className="p-1">Day</th>
              <th className="p-1">Limited</th>
              <th className="p-1">From</th>
              <th className="p-1">Until</th>
            </tr>
          </thead>
          <tbody>
            {weekdayNames.map((day, i) => (
              <tr key={day}>
                <th scope="row" className="p-1 text-left font-normal">
                  {day}
                </th>
                <td className="p-1">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`Limited hours on ${day}`}
                    {...register(`days.${i}.on`)}
                  />
                </td>
                <td className="p-1">
                  <input
                    type="time"
                    className={inputClass}
                    aria-label={`${day} from`}
                    {...register(`days.${i}.from`)}
                  />
                </td>
                <td className="p-1">
                  <input type="time" className={inputClass} aria-label={`${day} until`} {...register(`days.${i}.to`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </Panel>
  );
}

function AttributeValues({
  control,
  register,
  errors,
  index,
  attributeName,
}: {
  control: Control<ProductForm, unknown, DocProduct>;
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors;
  index: number;
  attributeName: string;
}) {
  const values = useFieldArray({ control, name: `attributes.${index}.values` });
  const name = attributeName || `attribute ${index + 1}`;
  return (
    <div className="grid gap-1">
      {values.fields.map((field, j) => (
        <div key={field.id} className="flex flex-wrap items-end gap-2">
          <input
            className={inputClass}
            aria-label={`${name} value ${j + 1} name`}
            {...register(`attributes.${index}.values.${j}.name`)}
          />
          <input
            className={`${inputClass} w-24`}
            inputMode="decimal"
            aria-label={`${name} value ${j + 1} price change`}
            {...register(`attributes.${index}.values.${j}.price_delta`)}
          />
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" className="size-4" {...register(`attributes.${index}.values.${j}.default`)} />{' '}
            Default
          </label>
          <Button aria-label={`Remove ${name} value ${j + 1}`} onClick={() => values.remove(j)}>
            Remove
          </Button>
          {errorAt(errors, `attributes.${index}.values.${j}.price_delta`) && (
            <span className="text-red-800 text-sm">
              {errorAt(errors, `attributes.${index}.values.${j}.price_delta`)}
            </span>
          )}
        </div>
      ))}
      <Button onClick={() => values.append({ name: '', price_delta: '0.00', default: values.fields.length === 0 })}>
        Add {name} value
      </Button>
    </div>
  );
}

/** How the product is taxed and what its price is for (decision 042). */
function TaxAndUnit({
  id,
  register,
  errors,
}: {
  id: string;
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-tax`} label="Tax class" error={errorAt(errors, 'tax_class')}>
        <select id={`${id}-tax`} className={inputClass} {...register('tax_class')}>
          {taxClasses.map((t) => (
            <option key={t} value={t}>
              {taxClassNames[t]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={`${id}-unit`}
        label="Sold per (e.g. kg, 100 g; empty: each)"
        error={errorAt(errors, 'unit')}
        field={register('unit')}
      />
    </div>
  );
}

export function ProductFormPanel({
  product,
  doc,
  restaurantId,
  onSave,
  onCancel,
}: {
  product: DocProduct | null;
  doc: CatalogueDocument;
  restaurantId: number;
  onSave: (p: DocProduct) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const others = doc.products.filter((p) => p !== product);
  const form = useZodForm(productFormSchema, {
    defaultValues: productFormOf(product, '', doc.categories[0]?.slug ?? ''),
  });
  const { register, control, formState, watch, setValue, getValues } = form;
  const errors = formState.errors;
  const attributes = useFieldArray({ control, name: 'attributes' });
  const image = watch('image');
  const [uploading, setUploading] = useState<string | null>(null);
  const submit = form.handleSubmit((p) => {
    const clash = others.find(
      (o) => !o.archived && o.category === p.category && o.name.toLowerCase() === p.name.toLowerCase(),
    );
    if (clash && !p.archived) {
      form.setError('name', { message: 'Another product of the category has this name' });
      return;
    }
    onSave(p);
  });
  const err = (path: string) => errorAt(errors, path);

  return (
    <Panel
      title={product ? `Edit product ${product.name}` : 'New product'}
      onSubmit={(e?: unknown) => {
        if (!product && !getValues('ref'))
          setValue(
            'ref',
            freshKey(
              getValues('name'),
              others.map((o) => o.ref),
            ),
          );
        return submit(e as never);
      }}
      onCancel={onCancel}
      problem={problemOf(errors)}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-name`} label="Name" error={err('name')} field={register('name')} />
        <Field id={`${id}-category`} label="Category" error={err('category')}>
          <select id={`${id}-category`} className={inputClass} {...register('category')}>
            {doc.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id={`${id}-price`}
          label="Price in store and dine-in (e.g. 12.50)"
          inputMode="decimal"
          error={err('price')}
          field={register('price')}
        />
        <TextField
          id={`${id}-online`}
          label="Online price (e.g. 12.50)"
          inputMode="decimal"
          error={err('online_price')}
          field={register('online_price')}
        />
      </div>
      <Field id={`${id}-description`} label="Description" error={err('description')}>
        <textarea id={`${id}-description`} rows={2} className={inputClass} {...register('description')} />
      </Field>
      <Field id={`${id}-image`} label="Image (JPEG, PNG or WebP, at most 2 MB)" error={uploading ?? undefined}>
        <input
          id={`${id}-image`}
          type="file"
          accept={productImageTypes.join(',')}
          className="block min-h-10 w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:font-medium"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setUploading(null);
            try {
              setValue('image', await uploadCatalogueImage(restaurantId, file));
            } catch (error) {
              setUploading(error instanceof Error ? error.message : 'Upload failed');
            }
          }}
        />
      </Field>
      {image && <UploadThumbnail src={image} width={128} height={96} className="h-24 w-32 rounded object-cover" />}
      <fieldset className="min-w-0 flex flex-wrap gap-3 text-sm">
        <legend className="font-semibold">Sold on</legend>
        {salesChannels.map((c) => (
          <label key={c} className="flex items-center gap-1">
            <input type="checkbox" className="size-4" value={c} {...register('channels')} /> {channelNames[c]}
          </label>
        ))}
        {err('channels') && <p className="w-full text-red-800">{err('channels')}</p>}
      </fieldset>
      <TaxAndUnit id={id} register={register} errors={errors} />
      <fieldset className="min-w-0 flex flex-wrap gap-3 text-sm">
        <legend className="font-semibold">Labels</legend>
        {menuLabels.map((l) => (
          <label key={l} className="flex items-center gap-1">
            <input type="checkbox" className="size-4" value={l} {...register('labels')} /> {menuLabelNames[l]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="checkbox" className="size-4" {...register('half_and_half')} /> Can be half-and-half
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" className="size-4" {...register('new')} /> Marked new
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" className="size-4" {...register('archived')} /> Archived (off the menu)
        </label>
      </div>
      <fieldset className="min-w-0 grid gap-2">
        <legend className="font-semibold text-sm">Attributes (such as size)</legend>
        {attributes.fields.map((field, i) => (
          <div key={field.id} className="grid gap-2 rounded border border-stone-300 p-2">
            <div className="flex flex-wrap items-end gap-2">
              <Field id={`${id}-attr-${i}`} label={`Attribute ${i + 1} name`} error={err(`attributes.${i}.name`)}>
                <input id={`${id}-attr-${i}`} className={inputClass} {...register(`attributes.${i}.name`)} />
              </Field>
              <Button onClick={() => attributes.remove(i)}>Remove attribute {i + 1}</Button>
            </div>
            <AttributeValues
              control={control}
              register={register}
              errors={errors}
              index={i}
              attributeName={watch(`attributes.${i}.name`)}
            />
          </div>
        ))}
        <Button onClick={() => attributes.append({ name: '', values: [] })}>Add attribute</Button>
      </fieldset>
      <fieldset className="min-w-0 flex flex-wrap gap-3 text-sm">
        <legend className="font-semibold">Modifier groups</legend>
        {doc.modifier_groups.length === 0 && <p>No modifier groups yet: add one below the products.</p>}
        {doc.modifier_groups.map((g) => (
          <label key={g.key} className="flex items-center gap-1">
            <input type="checkbox" className="size-4" value={g.key} {...register('modifier_groups')} /> {g.name}
          </label>
        ))}
      </fieldset>
    </Panel>
  );
}

export function GroupFormPanel({
  group,
  doc,
  onSave,
  onCancel,
}: {
  group: DocModifierGroup | null;
  doc: CatalogueDocument;
  onSave: (g: DocModifierGroup) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const others = doc.modifier_groups.filter((g) => g !== group);
  const form = useZodForm(groupFormSchema, { defaultValues: groupFormOf(group, '') });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const options = useFieldArray({ control, name: 'options' });
  const err = (path: string) => errorAt(errors, path);
  const submit = form.handleSubmit(onSave);
  return (
    <Panel
      title={group ? `Edit modifier group ${group.name}` : 'New modifier group'}
      onSubmit={(e?: unknown) => {
        if (!group && !getValues('key'))
          setValue(
            'key',
            freshKey(
              getValues('name'),
              others.map((o) => o.key),
            ),
          );
        return submit(e as never);
      }}
      onCancel={onCancel}
      problem={problemOf(errors)}
    >
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField id={`${id}-name`} label="Name" error={err('name')} field={register('name')} />
        <TextField
          id={`${id}-min`}
          label="Choose at least"
          inputMode="numeric"
          error={err('min')}
          field={register('min')}
        />
        <TextField
          id={`${id}-max`}
          label="Choose at most"
          inputMode="numeric"
          error={err('max')}
          field={register('max')}
        />
        <Field id={`${id}-free`} label="Free choices" error={err('free_quantity')}>
          <input id={`${id}-free`} inputMode="numeric" className={inputClass} {...register('free_quantity')} />
        </Field>
      </div>
      <fieldset className="min-w-0 grid gap-2">
        <legend className="font-semibold text-sm">Options</legend>
        {options.fields.map((field, j) => (
          <div key={field.id} className="flex flex-wrap items-end gap-2">
            <input className={inputClass} aria-label={`Option ${j + 1} name`} {...register(`options.${j}.name`)} />
            <input
              className={`${inputClass} w-24`}
              inputMode="decimal"
              aria-label={`Option ${j + 1} price in store`}
              {...register(`options.${j}.price`)}
            />
            <input
              className={`${inputClass} w-24`}
              inputMode="decimal"
              aria-label={`Option ${j + 1} online price`}
              {...register(`options.${j}.online_price`)}
            />
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" className="size-4" {...register(`options.${j}.default`)} /> Chosen by default
            </label>
            <Button aria-label={`Remove option ${j + 1}`} onClick={() => options.remove(j)}>
              Remove
            </Button>
            {(err(`options.${j}.price`) || err(`options.${j}.online_price`) || err(`options.${j}.name`)) && (
              <span className="text-red-800 text-sm">
                {err(`options.${j}.name`) ?? err(`options.${j}.price`) ?? err(`options.${j}.online_price`)}
              </span>
            )}
          </div>
        ))}
        <Button onClick={() => options.append({ name: '', price: '0.00', online_price: '0.00', default: false })}>
          Add option
        </Button>
      </fieldset>
    </Panel>
  );
}
