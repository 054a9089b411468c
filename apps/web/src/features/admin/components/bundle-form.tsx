import type { CatalogueDocument, DocBundle } from '@orderfront/core';
import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { useZodForm } from '@/lib/forms';
import { type BundleForm, bundleFormOf, bundleFormSchema, bundleProblems, freshKey } from '../lib/catalogue-forms';
import { problemOf } from '../lib/form';
import { errorAt, Field, Panel, TextField } from './catalogue-forms';
import { Button, inputClass } from './ui';

export type BundleKind = 'deals' | 'combos';
export const bundleNoun = { deals: 'deal', combos: 'combo' } as const;

/** The sizes a slot choice may name (decision 048): the values of the chosen product's attributes. */
function SizeField({
  id,
  label,
  slot,
  choice,
  control,
  register,
  doc,
}: {
  id: string;
  label: string;
  slot: number;
  choice: number;
  control: Control<BundleForm, unknown, DocBundle>;
  register: UseFormRegister<BundleForm>;
  doc: CatalogueDocument;
}) {
  const ref = useWatch({ control, name: `slots.${slot}.choices.${choice}.product` });
  const product = doc.products.find((p) => p.ref === ref);
  const sizes = [...new Set(product?.attributes.flatMap((a) => a.values.map((v) => v.name)) ?? [])];
  return (
    <Field id={id} label={label}>
      <select id={id} className={inputClass} {...register(`slots.${slot}.choices.${choice}.size`)}>
        <option value="">Default size</option>
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One slot: its name, how many to choose and the products (with extra prices) that fill it. */
function SlotFields({
  index,
  control,
  register,
  errors,
  doc,
  onRemove,
}: {
  index: number;
  control: Control<BundleForm, unknown, DocBundle>;
  register: UseFormRegister<BundleForm>;
  errors: FieldErrors<BundleForm>;
  doc: CatalogueDocument;
  onRemove: () => void;
}) {
  const id = useId();
  const choices = useFieldArray({ control, name: `slots.${index}.choices` });
  const err = (path: string) => errorAt(errors, `slots.${index}.${path}`);
  const n = index + 1;
  return (
    <fieldset className="min-w-0 grid gap-2 rounded-md border border-stone-300 p-3">
      <legend className="px-1 font-semibold text-sm">Slot {n}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${id}-name`}
          label={`Slot ${n} name`}
          error={err('name')}
          field={register(`slots.${index}.name`)}
        />
        <TextField
          id={`${id}-quantity`}
          label={`Slot ${n} quantity`}
          inputMode="numeric"
          error={err('quantity')}
          field={register(`slots.${index}.quantity`)}
        />
      </div>
      {choices.fields.map((field, k) => {
        const problem = err(`choices.${k}.product`) ?? err(`choices.${k}.size`) ?? err(`choices.${k}.extra_price`);
        return (
          <div key={field.id} className="flex flex-wrap items-end gap-2">
            <Field id={`${id}-product-${k}`} label={`Slot ${n} choice ${k + 1}`}>
              <select
                id={`${id}-product-${k}`}
                className={inputClass}
                {...register(`slots.${index}.choices.${k}.product`)}
              >
                <option value="">Choose a product</option>
                {doc.products.map((p) => (
                  <option key={p.ref} value={p.ref}>
                    {p.name}
                    {p.archived ? ' (archived)' : ''}
                  </option>
                ))}
              </select>
            </Field>
            <SizeField
              id={`${id}-size-${k}`}
              label={`Slot ${n} choice ${k + 1} size`}
              slot={index}
              choice={k}
              control={control}
              register={register}
              doc={doc}
            />
            <Field id={`${id}-extra-${k}`} label={`Slot ${n} choice ${k + 1} extra price`}>
              <input
                id={`${id}-extra-${k}`}
                inputMode="decimal"
                className={`${inputClass} w-24`}
                {...register(`slots.${index}.choices.${k}.extra_price`)}
              />
            </Field>
            <Button aria-label={`Remove slot ${n} choice ${k + 1}`} onClick={() => choices.remove(k)}>
              Remove
            </Button>
            {problem && <span className="text-red-800 text-sm">{problem}</span>}
          </div>
        );
      })}
      {err('choices') && <p className="text-red-800 text-sm">{err('choices')}</p>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => choices.append({ product: '', extra_price: '0.00', size: '' })}>
          Add a product to slot {n}
        </Button>
        <Button aria-label={`Remove slot ${n}`} onClick={onRemove}>
          Remove slot
        </Button>
      </div>
    </fieldset>
  );
}

/** Create or edit a deal or combo (decision 042): one price, slots, and the products that fill them. */
export function BundleFormPanel({
  kind,
  index,
  doc,
  onSave,
  onCancel,
}: {
  kind: BundleKind;
  index: number | null;
  doc: CatalogueDocument;
  onSave: (b: DocBundle) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const bundle = index === null ? null : (doc[kind][index] ?? null);
  const noun = bundleNoun[kind];
  const form = useZodForm(bundleFormSchema, { defaultValues: bundleFormOf(bundle, '') });
  const { register, control, formState, setValue, getValues, setError } = form;
  const errors = formState.errors;
  const slots = useFieldArray({ control, name: 'slots' });
  const err = (path: string) => errorAt(errors, path);
  const submit = form.handleSubmit((b) => {
    // Unknown or archived products are problems of the whole document: shown on the fields here.
    const problems = bundleProblems(doc, kind, b, index ?? doc[kind].length);
    for (const p of problems) setError((p.path || 'name') as never, { message: p.message });
    if (problems.length === 0) onSave(b);
  });
  return (
    <Panel
      title={bundle ? `Edit ${noun} ${bundle.name}` : `New ${noun}`}
      onSubmit={(e?: unknown) => {
        if (!bundle && !getValues('ref')) {
          setValue(
            'ref',
            freshKey(
              getValues('name'),
              doc[kind].map((b) => b.ref),
            ),
          );
        }
        return submit(e as never);
      }}
      onCancel={onCancel}
      problem={problemOf(errors)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField id={`${id}-name`} label="Name" error={err('name')} field={register('name')} />
        <TextField
          id={`${id}-price`}
          label="Price in store"
          inputMode="decimal"
          error={err('price')}
          field={register('price')}
        />
        <TextField
          id={`${id}-online`}
          label="Online price"
          inputMode="decimal"
          error={err('online_price')}
          field={register('online_price')}
        />
      </div>
      <Field id={`${id}-description`} label="Description" error={err('description')}>
        <textarea id={`${id}-description`} className={inputClass} rows={2} {...register('description')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('archived')} /> Archived (not on the menu)
      </label>
      {slots.fields.map((field, j) => (
        <SlotFields
          key={field.id}
          index={j}
          control={control}
          register={register}
          errors={errors}
          doc={doc}
          onRemove={() => slots.remove(j)}
        />
      ))}
      {err('slots') && <p className="text-red-800 text-sm">{err('slots')}</p>}
      <Button
        onClick={() =>
          slots.append({ name: '', quantity: '1', choices: [{ product: '', extra_price: '0.00', size: '' }] })
        }
      >
        Add slot
      </Button>
    </Panel>
  );
}
